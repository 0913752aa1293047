import LoyaltyCore

/// What geofencing did with the fixes it was given: how many it used, and how many it
/// refused or ignored, and why. Bad input is never silent.
public struct LocationStatistics: Sendable, Hashable, Codable {
  /// Fixes evaluated.
  public var accepted = 0
  /// Fixes refused: latitude or longitude not a finite number in range
  /// (``LoyaltyCore/LoyaltyError/Code/invalidLocation``).
  public var invalidCoordinates = 0
  /// Fixes refused: accuracy negative or not a number
  /// (``LoyaltyCore/LoyaltyError/Code/invalidAccuracy``).
  public var invalidAccuracy = 0
  /// Fixes ignored: less accurate than the configuration's maximum.
  public var inaccurate = 0
  /// Fixes ignored: older than the last fix accepted.
  public var outOfOrder = 0
  /// Fixes ignored: the user had location off.
  public var disabledByPrivacy = 0

  /// No fixes yet.
  public init() {}
}

extension LocationStatistics {
  /// Decodes statistics; every count is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    accepted = try container.decode("accepted")
    invalidCoordinates = try container.decode("invalidCoordinates")
    invalidAccuracy = try container.decode("invalidAccuracy")
    inaccurate = try container.decode("inaccurate")
    outOfOrder = try container.decode("outOfOrder")
    disabledByPrivacy = try container.decode("disabledByPrivacy")
  }

  /// Encodes every count.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(accepted, "accepted")
    try container.encode(invalidCoordinates, "invalidCoordinates")
    try container.encode(invalidAccuracy, "invalidAccuracy")
    try container.encode(inaccurate, "inaccurate")
    try container.encode(outOfOrder, "outOfOrder")
    try container.encode(disabledByPrivacy, "disabledByPrivacy")
  }
}
