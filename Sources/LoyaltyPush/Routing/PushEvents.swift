public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A loyalty push arrived.
public struct PushReceived: LoyaltyEvent, Equatable {
  public static let eventName = "push_notification_received"
  /// The notification.
  public let payload: PushPayload
  /// Where the app was.
  public let state: ApplicationState

  /// Creates the event.
  public init(payload: PushPayload, state: ApplicationState) {
    self.payload = payload
    self.state = state
  }

  public var attributes: [String: String] {
    var attributes = ["action": String(payload.action), "state": state.rawValue]
    attributes["session_uuid"] = payload.sessionUUID
    return attributes
  }
}

/// The user engaged with a loyalty push (opened it, or confirmed its campaign).
public struct PushEngaged: LoyaltyEvent, Equatable {
  public static let eventName = "push_notification_engaged"
  /// The notification.
  public let payload: PushPayload

  /// Creates the event.
  public init(payload: PushPayload) {
    self.payload = payload
  }

  public var attributes: [String: String] {
    var attributes = ["action": String(payload.action)]
    attributes["session_uuid"] = payload.sessionUUID
    return attributes
  }
}

/// The host should show a campaign: on Linux there is no web view to present, so this is
/// what "present" becomes.
public struct ShowCampaignRequested: LoyaltyEvent, Equatable {
  public static let eventName = "push_show_campaign"
  /// The campaign's page: `{baseURL}/api/session/{session_uuid}`.
  public let url: URL
  /// The campaign session.
  public let sessionUUID: String
  /// Whether to ask the user first (the app was in the foreground).
  public let requiresConfirmation: Bool

  /// Creates the event.
  public init(url: URL, sessionUUID: String, requiresConfirmation: Bool) {
    self.url = url
    self.sessionUUID = sessionUUID
    self.requiresConfirmation = requiresConfirmation
  }

  public var attributes: [String: String] {
    [
      "url": url.absoluteString, "session_uuid": sessionUUID,
      "requires_confirmation": String(requiresConfirmation),
    ]
  }
}

/// The badge count changed; the host updates its icon.
public struct BadgeChanged: LoyaltyEvent, Equatable {
  public static let eventName = "push_badge_changed"
  /// The new count.
  public let count: Int

  /// Creates the event.
  public init(count: Int) {
    self.count = count
  }

  public var attributes: [String: String] { ["count": String(count)] }
}
