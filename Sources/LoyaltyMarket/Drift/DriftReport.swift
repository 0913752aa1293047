/// What drift a market has seen since it started: which call, which field, how often.
///
/// ```swift
/// let report = market.drift.snapshot()
/// for entry in report.entries { print(entry.call, entry.field, entry.kind, entry.count) }
/// ```
public struct DriftReport: Sendable, Hashable {
  /// One call, field and kind, and how many values it affected.
  public struct Entry: Sendable, Hashable {
    /// The call: `campaigns`, `redeem_coupon`.
    public let call: String
    /// The field's path: `MAPP_CAMPAIGNING.campaigns.title`.
    public let field: String
    /// How it differed.
    public let kind: ResponseDrift.Kind
    /// How many values it affected (a field missing from 60 campaigns counts 60).
    public let count: Int
  }

  /// The entries, by call, then field, then kind.
  public let entries: [Entry]

  /// Every occurrence counted.
  public var total: Int { entries.reduce(0) { $0 + $1.count } }

  /// How many values of `field` in `call`'s answers drifted (of `kind`, or of any kind).
  public func count(call: String, field: String, kind: ResponseDrift.Kind? = nil) -> Int {
    entries.filter { $0.call == call && $0.field == field && (kind == nil || $0.kind == kind) }
      .reduce(0) { $0 + $1.count }
  }
}
