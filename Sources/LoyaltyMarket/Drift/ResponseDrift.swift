public import LoyaltyCore

/// An answer differed from the shape the SDK expects, and the SDK answered anyway.
///
/// Posted once per client for each call and field, the first time the drift is seen,
/// with the kind seen then; ``Market/drift`` counts every occurrence by kind. See
/// `Docs/Market.md`, "Drift".
public struct ResponseDrift: LoyaltyEvent, Hashable {
  /// How a field differed.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The field is absent (or `null` where a value is required).
    case missing
    /// The field is there but its value cannot be read as the type expected: a word
    /// where a number goes, a date in an unknown format, a list element that is not an
    /// object.
    case unreadable
    /// A container of the wrong shape: a list that is not a list, an object that is not
    /// an object, a `context` that is not an object.
    case unexpectedShape = "unexpected_shape"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  public static let eventName = "response_drift"
  /// The call whose answer drifted: `campaigns`, `redeem_coupon`.
  public let call: String
  /// The field's path in the answer, list indices and `context` left out:
  /// `MAPP_CAMPAIGNING.campaigns.title`, `result.points_history`.
  public let field: String
  /// How it differed.
  public let kind: Kind

  /// Creates a drift event.
  public init(call: String, field: String, kind: Kind) {
    self.call = call
    self.field = field
    self.kind = kind
  }

  public var attributes: [String: String] {
    ["call": call, "field": field, "kind": kind.rawValue]
  }
}
