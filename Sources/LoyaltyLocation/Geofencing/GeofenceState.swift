public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What geofencing remembers across launches: the fences the user is in, the last fix
/// accepted, and the regions last chosen. Persisted in the key-value store under
/// ``GeofenceState/storageKey``.
public struct GeofenceState: Sendable, Hashable, Codable {
  /// A fence the user is in.
  public struct Visit: Sendable, Hashable, Codable {
    /// The fence, as it was when last seen.
    public var pointOfInterest: PointOfInterest
    /// When the user came in.
    public var enteredAt: Date
    /// Whether the dwell was reported.
    public var dwellReported: Bool
  }

  /// The key the state is kept under.
  public static let storageKey = "loyalty.location.geofence-state"

  /// The fences the user is in, by point-of-interest id.
  public var visits: [Int64: Visit] = [:]
  /// The timestamp of the last fix accepted.
  public var lastTimestamp: Date?
  /// The regions last chosen for the platform to monitor.
  public var selection: RegionSelection?

  /// An empty state: outside every fence.
  public init() {}
}

extension GeofenceState.Visit {
  /// Decodes a visit; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    pointOfInterest = try container.decode("pointOfInterest")
    enteredAt = try container.decode("enteredAt")
    dwellReported = try container.decode("dwellReported")
  }

  /// Encodes every field of a visit.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(pointOfInterest, "pointOfInterest")
    try container.encode(enteredAt, "enteredAt")
    try container.encode(dwellReported, "dwellReported")
  }
}

extension GeofenceState {
  /// Decodes a state; `visits` is required, the last timestamp and the selection may be
  /// absent or null.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    visits = try container.decode("visits")
    lastTimestamp = try container.decodeIfPresent("lastTimestamp")
    selection = try container.decodeIfPresent("selection")
  }

  /// Encodes a state; a `nil` timestamp or selection is left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(visits, "visits")
    try container.encodeIfPresent(lastTimestamp, "lastTimestamp")
    try container.encodeIfPresent(selection, "selection")
  }
}
