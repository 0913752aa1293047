extension LoyaltyMetric {
  /// How a metric's value is read: ``counter``, ``timer`` or ``gauge``.
  ///
  /// A struct rather than an enum, so that a kind added in a later release is not a
  /// breaking change: a recorder switches over the kinds it knows and ignores the rest.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    /// The kind's stable name: `counter`, `timer`, `gauge`.
    public let rawValue: String

    /// Creates a kind named `rawValue`.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// A running total: each metric adds its value (1 for one occurrence).
    public static let counter = Kind(rawValue: "counter")
    /// A duration sample, in nanoseconds, measured on a monotonic clock.
    public static let timer = Kind(rawValue: "timer")
    /// The current level of something; each metric replaces the previous level.
    public static let gauge = Kind(rawValue: "gauge")

    /// The kind's name.
    public var description: String { rawValue }
  }
}
