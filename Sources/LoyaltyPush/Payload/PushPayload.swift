public import Foundation
import LoyaltyCore

/// A loyalty push notification, parsed from the payload the platform delivered.
///
/// A payload is the loyalty platform's when it carries the `_a` key; anything else
/// belongs to the host and ``parse(_:)`` returns `nil` for it, untouched.
public struct PushPayload: Sendable, Hashable, Codable {
  /// The action: 0 opens the campaign of ``sessionUUID``; any other value is the
  /// host's to handle.
  public let action: Int
  /// The campaign session the notification points at.
  public let sessionUUID: String?
  /// The message text, when the payload has one outside `aps`.
  public let message: String?
  /// The platform's `aps` dictionary, parsed.
  public let aps: PushAPS?
  /// Every other key, with non-string values as compact JSON.
  public let customData: [String: String]

  /// Whether this payload asks for the default handling: opening a campaign.
  public var isDefaultAction: Bool { action == 0 }

  /// Creates a payload.
  public init(
    action: Int, sessionUUID: String? = nil, message: String? = nil, aps: PushAPS? = nil,
    customData: [String: String] = [:]
  ) {
    self.action = action
    self.sessionUUID = sessionUUID
    self.message = message
    self.aps = aps
    self.customData = customData
  }

  /// The largest payload accepted, in bytes of JSON; platforms cap theirs at a few KB.
  public static let maximumSize = 64 * 1_024

  /// Parses a JSON payload.
  /// - Returns: The payload, or `nil` when it is not a loyalty payload (no `_a` key).
  /// - Throws: ``LoyaltyError/Code/invalidPushPayload`` when the JSON is not an object,
  ///   is larger than ``maximumSize``, or carries `_a` with a value that is not a
  ///   number.
  public static func parse(_ json: Data) throws -> PushPayload? {
    guard json.count <= maximumSize else {
      throw LoyaltyError(
        .invalidPushPayload, "The push payload is \(json.count) bytes; at most \(maximumSize).")
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    } catch {
      throw LoyaltyError(.invalidPushPayload, "The push payload is not valid JSON.")
    }
    guard let dictionary = object as? [String: Any] else {
      throw LoyaltyError(.invalidPushPayload, "The push payload is not a JSON object.")
    }
    return try parse(dictionary)
  }

  /// Parses a payload dictionary, as the platform's notification APIs deliver it.
  /// - Returns: The payload, or `nil` when it is not a loyalty payload (no `_a` key).
  /// - Throws: ``LoyaltyError/Code/invalidPushPayload`` when `_a` is not a number (or a
  ///   string holding one), or a known key has the wrong type.
  public static func parse(_ payload: [AnyHashable: Any]) throws -> PushPayload? {
    var fields: [String: Any] = [:]
    for (key, value) in payload {
      guard let name = key.base as? String else { continue }
      fields[name] = value
    }
    return try parse(fields)
  }

  /// Parses a payload dictionary with string keys.
  public static func parse(_ payload: [String: Any]) throws -> PushPayload? {
    guard let rawAction = payload["_a"] else { return nil }
    guard let action = integer(rawAction) else {
      throw LoyaltyError(
        .invalidPushPayload, "The push payload's _a is not a number.",
        recoverySuggestion: "Send _a as a number, for example 0 for a campaign.")
    }
    let sessionUUID = try optionalString(payload["session_uuid"], field: "session_uuid")
    let message = try optionalString(payload["message"] ?? payload["msg"], field: "message")
    let aps = try payload["aps"].map(PushAPS.init(any:))
    var custom: [String: String] = [:]
    let known: Set<String> = ["_a", "session_uuid", "message", "msg", "aps"]
    for (key, value) in payload where !known.contains(key) {
      custom[key] = stringValue(value)
    }
    return PushPayload(
      action: action, sessionUUID: sessionUUID, message: message, aps: aps, customData: custom)
  }

  static func integer(_ value: Any) -> Int? {
    if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      // A Foundation number, as JSON parsing produces: booleans are stored as char.
      let kind = String(cString: number.objCType)
      guard kind != "c" && kind != "B" else { return nil }
      let double = number.doubleValue
      guard double.rounded() == double, abs(double) < 1e15 else { return nil }
      return number.intValue
    }
    switch value {
    case is Bool: return nil
    case let number as Int: return number
    case let number as Double where number.rounded() == number && abs(number) < 1e15:
      return Int(number)
    case let text as String: return Int(text.trimmingCharacters(in: .whitespaces))
    default: return nil
    }
  }

  static func optionalString(_ value: Any?, field: String) throws -> String? {
    switch value {
    case nil, is NSNull: return nil
    case let text as String: return text
    case let number as NSNumber: return number.stringValue
    default:
      throw LoyaltyError(.invalidPushPayload, "The push payload's \(field) is not a string.")
    }
  }

  static func stringValue(_ value: Any) -> String {
    if let text = value as? String { return text }
    if JSONSerialization.isValidJSONObject([value]),
      let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]),
      let text = String(data: data, encoding: .utf8)
    {
      return String(text.dropFirst().dropLast())
    }
    return String(describing: value)
  }
}
