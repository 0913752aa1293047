#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The amounts a merchant's gift cards come in (seed 003 lines 38, 300-312): a list of
/// fixed amounts, or any amount in a range ("flexible", the snapshot's `min-max`).
///
/// Amounts are decimal, in the merchant's currency, never binary floating point, so a
/// check at a bound is exact.
public enum DirectoryDenominations: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Only these amounts; an empty list allows none.
  case fixed([Decimal])
  /// Any positive amount from `min` to `max`, both included; a bound that is `nil` is
  /// unknown and does not limit. A range whose `min` is above its `max` is drift in the
  /// data: it allows no amount (``isDrifted``).
  case flexible(min: Decimal?, max: Decimal?)

  /// The `denominationsType` values read as flexible (compared without case); any other
  /// value, or none, is fixed, the seed's default (seed 003 line 303).
  public static let flexibleTypeNames: Set<String> = ["flexible", "min-max", "minmax", "range"]

  /// Whether a `denominationsType` value names flexible amounts.
  public static func isFlexibleType(_ type: String?) -> Bool {
    guard let type else { return false }
    return flexibleTypeNames.contains(type.trimmingWhitespaces().lowercased())
  }

  /// Whether any amount in a range is allowed (the seed's `.flexible`).
  public var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }

  /// Whether the data contradicts itself: a range whose minimum is above its maximum.
  public var isDrifted: Bool {
    if case .flexible(let min?, let max?) = self { return min > max }
    return false
  }

  /// Whether a gift card of `amount` may be bought: one of the fixed amounts, or a
  /// positive amount within the range (both bounds included).
  public func allows(_ amount: Decimal) -> Bool {
    switch self {
    case .fixed(let amounts):
      return amounts.contains(amount)
    case .flexible(let min, let max):
      guard amount > 0, !isDrifted else { return false }
      if let min, amount < min { return false }
      if let max, amount > max { return false }
      return true
    }
  }

  /// `fixed(10, 25)` or `flexible(5...500)`; an unknown bound is `?`.
  public var description: String {
    switch self {
    case .fixed(let amounts):
      "fixed(\(amounts.map { "\($0)" }.joined(separator: ", ")))"
    case .flexible(let min, let max):
      "flexible(\(min.map { "\($0)" } ?? "?")...\(max.map { "\($0)" } ?? "?"))"
    }
  }
}

extension DirectoryDenominations {
  /// Decodes `{"type": "fixed", "amounts": [...]}` or
  /// `{"type": "flexible", "min": ..., "max": ...}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    let type: String = try container.decode("type")
    if type == "flexible" {
      self = .flexible(
        min: try container.decodeIfPresent("min"), max: try container.decodeIfPresent("max"))
    } else {
      self = .fixed(try container.decode("amounts", default: []))
    }
  }

  /// Encodes the type and its amounts; an unknown bound is left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    switch self {
    case .fixed(let amounts):
      try container.encode("fixed", "type")
      try container.encode(amounts, "amounts")
    case .flexible(let min, let max):
      try container.encode("flexible", "type")
      try container.encodeIfPresent(min, "min")
      try container.encodeIfPresent(max, "max")
    }
  }
}
