import LoyaltyCore

/// The optional calls a sandbox backend offers beyond the seed's contract: points of
/// interest, the merchant directory and the account and payment flows. All of them by
/// default; a backend without one answers its routes 404, as a server that lacks them
/// would, so that a host (or the demo) can be tried against such a server.
///
/// ```swift
/// var configuration = SandboxConfiguration()
/// configuration.offers = .all.subtracting([.pointsOfInterest, .flows])
/// // or, from a command line's `--without poi,flows`:
/// configuration.offers = .all.subtracting(try SandboxOffers(names: "poi,flows"))
/// ```
public struct SandboxOffers: OptionSet, Sendable, Hashable, CustomStringConvertible {
  public let rawValue: Int

  /// Creates a set from its raw bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// `shops.retrieve_pois`: the geofencing points of interest.
  public static let pointsOfInterest = SandboxOffers(rawValue: 1 << 0)
  /// The merchant directory's manifest and snapshot.
  public static let directory = SandboxOffers(rawValue: 1 << 1)
  /// The account and payment flows under `/v1/`.
  public static let flows = SandboxOffers(rawValue: 1 << 2)
  /// Every optional call: the default.
  public static let all: SandboxOffers = [.pointsOfInterest, .directory, .flows]

  /// Each member's name on a command line, in order: `poi`, `directory`, `flows`.
  public static let names: [(name: String, member: SandboxOffers)] = [
    ("poi", .pointsOfInterest), ("directory", .directory), ("flows", .flows),
  ]

  /// The members a comma-separated list names, such as `poi,directory,flows` (spaces
  /// around names are ignored; an empty list is the empty set).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidArgument`` naming an unknown name.
  public init(names list: String) throws {
    self = []
    for part in list.split(separator: ",") {
      let name = String(part.filter { !$0.isWhitespace }).lowercased()
      guard let member = Self.names.first(where: { $0.name == name })?.member else {
        throw LoyaltyError(
          .invalidArgument,
          "Unknown optional call \"\(name)\"; expected some of "
            + Self.names.map(\.name).joined(separator: ", ") + ".",
          metadata: ["name": name])
      }
      insert(member)
    }
  }

  /// The members' names, comma-separated, in the order of ``names``.
  public var description: String {
    Self.names.filter { contains($0.member) }.map(\.name).joined(separator: ",")
  }

  /// The optional call `endpoint` belongs to; `nil` for a call of the seed's contract.
  static func member(for endpoint: SandboxEndpoint) -> SandboxOffers? {
    switch endpoint {
    case .pointsOfInterest:
      .pointsOfInterest
    case .directoryManifest, .directorySnapshot:
      .directory
    case .flowToken, .pinSendOtp, .pinResendOtp, .pinVerifyOtp, .setPIN, .changePIN,
      .forgotPINReset, .cpqrcValidate, .cpqrcConfirm, .cpqrcStatus, .cpqrcResendOtp:
      .flows
    default:
      nil
    }
  }
}
