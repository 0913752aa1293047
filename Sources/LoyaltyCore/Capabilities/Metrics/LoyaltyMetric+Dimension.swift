extension LoyaltyMetric {
  /// One dimension of a metric: a key and its value (`endpoint` = `campaigns`).
  public struct Dimension: Sendable, Hashable, CustomStringConvertible {
    /// The dimension's key, one of ``LoyaltyMetric/DimensionKey`` for the SDK's metrics.
    public var key: String
    /// The dimension's value.
    public var value: String

    /// Creates a dimension.
    public init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }

    /// `key=value`.
    public var description: String { "\(key)=\(value)" }
  }

  /// The keys of the dimensions the SDK's metrics carry.
  public enum DimensionKey {
    /// The endpoint's name, as ``Name/requests`` and ``Name/retries`` report it:
    /// `campaigns`, `redeemCoupon`, ...
    public static let endpoint = "endpoint"
    /// How something ended: ``LoyaltyMetric/Outcome/success`` (or, for a directory sync,
    /// ``LoyaltyMetric/Outcome/updated`` or ``LoyaltyMetric/Outcome/notModified``), else
    /// the name of the ``LoyaltyError/Code`` it failed with (`timedOut`, `outcomeUnknown`).
    public static let outcome = "outcome"
    /// Why something was retried or dropped.
    public static let reason = "reason"
  }

  /// Values of the ``DimensionKey/outcome`` dimension.
  public enum Outcome {
    /// The call or refresh succeeded.
    public static let success = "success"
    /// A directory sync installed a new snapshot.
    public static let updated = "updated"
    /// A directory sync found the installed snapshot current.
    public static let notModified = "notModified"

    /// The outcome of a failure: the name of its ``LoyaltyError/Code`` (`timedOut`,
    /// `outcomeUnknown`); `cancelled` for a `CancellationError`; `unknown` for any other
    /// error.
    public static func failure(_ error: any Error) -> String {
      if let error = error as? LoyaltyError { return error.code.name }
      if error is CancellationError { return LoyaltyError.Code.cancelled.name }
      return "unknown"
    }
  }
}
