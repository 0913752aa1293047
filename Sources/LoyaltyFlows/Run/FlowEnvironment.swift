import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every run of one client shares: the network, the clock, the PIN cipher and the
/// rules.
struct FlowEnvironment: Sendable {
  let network: NetworkClient
  let clock: any LoyaltyClock
  let cipher: PINCipher
  let rules: PINRules
  let policy: FlowStatusPolicy
  let imageByteLimit: Int
  let clientID: String
  let clientSecret: String
  let language: String
  /// The payments backend's base URL, when it is not the client's.
  let baseURL: URL?
  let logger: LoyaltyLogger
}
