/// The features that record or send data about the user without the host asking for it
/// in a call: each one a switch the user turns on or off through
/// ``LoyaltyClient/privacy``.
///
/// ```swift
/// try await client.privacy.disable(.analytics)
/// let allowed = try await client.privacy.enabledFeatures()  // [.location, ...]
/// ```
///
/// A host's own calls (login, campaigns, coupons, a redemption) are not features: they
/// send what the host asked for, whatever is enabled. `Docs/Privacy.md` lists what each
/// feature collects, where it sends it, and what turning it off deletes.
public struct PrivacyFeatures: OptionSet, Sendable, Hashable, CustomStringConvertible {
  /// The bits of the set.
  public let rawValue: UInt32

  /// Creates a set from its bits; bits no feature uses are kept but mean nothing.
  public init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// Analytics: events tracked by the SDK and the host, queued on the device and
  /// uploaded in batches. The seed's `trackersEnabled`.
  public static let analytics = PrivacyFeatures(rawValue: 1 << 0)
  /// Location: geofence evaluation of the positions the host feeds, the decisions on
  /// entries, and the history of notifications shown.
  public static let location = PrivacyFeatures(rawValue: 1 << 1)
  /// Push and device registration: the device registration request (at start, on a
  /// push token update, or asked for) and the push token kept on the device.
  public static let pushRegistration = PrivacyFeatures(rawValue: 1 << 2)
  /// Device information: the hardware model, screen resolution and app version and
  /// build that device registration describes the device with.
  public static let deviceInformation = PrivacyFeatures(rawValue: 1 << 3)
  /// The offline cache: what the market's calls answered (coupons, points, the market
  /// pass, campaigns), kept on the device so it shows without a network. Off, nothing is
  /// kept and what was kept is deleted; every read goes to the network.
  public static let offlineCache = PrivacyFeatures(rawValue: 1 << 4)

  /// Every feature: what the SDK does when the configuration says nothing. No feature
  /// is `[]` (`"none"` in `loyalty.json`): the SDK is opt-in. There is deliberately no
  /// `.none`, which reads as `Optional.none` wherever a set is optional.
  public static let all: PrivacyFeatures = [
    .analytics, .location, .pushRegistration, .deviceInformation, .offlineCache,
  ]

  /// Each feature with its name in `loyalty.json` (`privacy.enabled`) and in exports,
  /// in a fixed order.
  public static let named: [(name: String, feature: PrivacyFeatures)] = [
    ("analytics", .analytics), ("location", .location),
    ("pushRegistration", .pushRegistration), ("deviceInformation", .deviceInformation),
    ("offlineCache", .offlineCache),
  ]

  /// The feature named `name`, or `nil` for a name no feature has.
  public init?(name: String) {
    guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
    self = match.feature
  }

  /// The names of the features in the set, in the order of ``named``.
  public var names: [String] {
    Self.named.filter { contains($0.feature) }.map(\.name)
  }

  /// `[analytics, location]`, or `[]`.
  public var description: String { "[" + names.joined(separator: ", ") + "]" }
}
