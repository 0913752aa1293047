import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension Market {
  /// The page of a campaign: its `index_url`, or `{baseURL}/api/session/{session_uuid}`.
  public func campaignURL(for campaign: Campaign) -> URL {
    campaign.indexURL ?? sessionURL(campaign.sessionUUID)
  }

  /// The page of a contextual (CCMS) offer: `{baseURL}/api/session/{sessionID}`.
  public func ccmsURL(for offer: ContextualOffer) -> URL {
    sessionURL(offer.sessionID)
  }

  /// The supermarkets' map: the market pass's `map_url`, or `{baseURL}/map`.
  public func marketPassMapURL() async -> URL {
    await state.marketPass?.mapURL
      ?? network.configuration.baseURL.appendingPathComponent("map")
  }

  /// The parameters a campaign page needs, as the JSON string the platform's web pages
  /// read: the app, the language, the session's tokens.
  ///
  /// The string holds the user's tokens: hand it to the page only, never log it.
  public func campaignParameters(for campaign: Campaign, isMap: Bool = false) async throws
    -> String
  {
    let configuration = network.configuration
    let tokens = try await network.coordinator.storedTokens()
    var parameters: [String: JSONValue] = [
      "app_uuid": .string(configuration.appUUID), "web_id": .string(configuration.merchantID),
      "language": .string(configuration.language), "session_uuid": .string(campaign.sessionUUID),
      "is_map": .bool(isMap), "base_url": .string(configuration.baseURL.absoluteString),
    ]
    parameters["access_token"] = tokens.map { .string($0.accessToken) }
    parameters["refresh_token"] = tokens.map { .string($0.refreshToken) }
    return String(decoding: try JSONValue.object(parameters).jsonData(), as: UTF8.self)
  }

  private func sessionURL(_ session: String) -> URL {
    network.campaignSessionURL(sessionUUID: session)
  }
}
