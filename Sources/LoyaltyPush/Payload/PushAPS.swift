import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The platform part of a push payload: the `aps` dictionary.
public struct PushAPS: Sendable, Hashable, Codable {
  /// The alert's title, when the alert is a dictionary with one.
  public let title: String?
  /// The alert's text: the alert itself when it is a string, else its `body`.
  public let body: String?
  /// The badge number.
  public let badge: Int?
  /// The sound's name.
  public let sound: String?
  /// The notification category, which selects its actions.
  public let category: String?

  /// Creates an `aps` value.
  public init(
    title: String? = nil, body: String? = nil, badge: Int? = nil, sound: String? = nil,
    category: String? = nil
  ) {
    self.title = title
    self.body = body
    self.badge = badge
    self.sound = sound
    self.category = category
  }

  /// Parses an `aps` value.
  /// - Throws: ``LoyaltyError/Code/invalidPushPayload`` when it is not a dictionary or a
  ///   field has the wrong type.
  init(json value: JSONValue) throws {
    guard case .object(let aps) = value else {
      throw LoyaltyError(.invalidPushPayload, "The push payload's aps is not a dictionary.")
    }
    switch aps["alert"] {
    case nil, .null:
      title = nil
      body = nil
    case .string(let text):
      title = nil
      body = text
    case .object(let alert):
      title = try PushPayload.optionalString(alert["title"], field: "aps.alert.title")
      body = try PushPayload.optionalString(alert["body"], field: "aps.alert.body")
    default:
      throw LoyaltyError(.invalidPushPayload, "The push payload's aps.alert is malformed.")
    }
    if let rawBadge = aps["badge"], rawBadge != .null {
      guard let number = PushPayload.integer(rawBadge) else {
        throw LoyaltyError(.invalidPushPayload, "The push payload's aps.badge is not a number.")
      }
      badge = number
    } else {
      badge = nil
    }
    sound = aps["sound"]?.stringValue
    category = try PushPayload.optionalString(aps["category"], field: "aps.category")
  }
}
