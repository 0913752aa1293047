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
