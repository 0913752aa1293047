import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A loyalty push notification, parsed from the payload the platform delivered.
///
/// A payload is the loyalty platform's when it carries the `_a` key; anything else
/// belongs to the host and ``parse(_:)-(Data)`` returns `nil` for it, untouched.
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
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPushPayload`` when the JSON is not an object,
  ///   is larger than ``maximumSize``, or carries `_a` with a value that is not a
  ///   number.
  public static func parse(_ json: Data) throws -> PushPayload? {
    guard json.count <= maximumSize else {
      throw LoyaltyError(
        .invalidPushPayload, "The push payload is \(json.count) bytes; at most \(maximumSize).")
    }
    let value: JSONValue
    do {
      value = try JSONValue(parsing: json)
    } catch {
      throw LoyaltyError(.invalidPushPayload, "The push payload is not valid JSON.")
    }
    guard case .object(let fields) = value else {
      throw LoyaltyError(.invalidPushPayload, "The push payload is not a JSON object.")
    }
    return try parse(fields: fields)
  }

  /// Parses a payload dictionary, as the platform's notification APIs deliver it.
  /// - Returns: The payload, or `nil` when it is not a loyalty payload (no `_a` key).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPushPayload`` when `_a` is not a number (or a
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
    try parse(fields: payload.mapValues(PushValue.json(from:)))
  }

  private static func parse(fields payload: [String: JSONValue]) throws -> PushPayload? {
    guard let rawAction = payload["_a"] else { return nil }
    guard let action = integer(rawAction) else {
      throw LoyaltyError(
        .invalidPushPayload, "The push payload's _a is not a number.",
        recoverySuggestion: "Send _a as a number, for example 0 for a campaign.")
    }
    let sessionUUID = try optionalString(payload["session_uuid"], field: "session_uuid")
    let message = try optionalString(payload["message"] ?? payload["msg"], field: "message")
    let aps = try payload["aps"].map(PushAPS.init(json:))
    var custom: [String: String] = [:]
    let known: Set<String> = ["_a", "session_uuid", "message", "msg", "aps"]
    for (key, value) in payload where !known.contains(key) {
      custom[key] = stringValue(value)
    }
    return PushPayload(
      action: action, sessionUUID: sessionUUID, message: message, aps: aps, customData: custom)
  }

  /// A whole number, or a string holding one; not a boolean.
  static func integer(_ value: JSONValue) -> Int? {
    switch value {
    case .integer(let number): number
    case .number(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
    case .string(let text): Int(text.trimmingWhitespaces())
    default: nil
    }
  }

  /// A string, or a number or boolean written as one (`1.5`, `1` for true); `nil` for
  /// null or nothing.
  static func optionalString(_ value: JSONValue?, field: String) throws -> String? {
    switch value {
    case nil, .null: return nil
    case .string(let text): return text
    case .integer(let number): return String(number)
    case .number(let number): return String(number)
    case .bool(let flag): return flag ? "1" : "0"
    default:
      throw LoyaltyError(.invalidPushPayload, "The push payload's \(field) is not a string.")
    }
  }

  /// A string as it is; anything else as compact JSON, keys sorted and slashes escaped.
  static func stringValue(_ value: JSONValue) -> String {
    if case .string(let text) = value { return text }
    guard let data = try? value.jsonData() else { return "\(value)" }
    return String(decoding: data, as: UTF8.self).replacing("/", with: "\\/")
  }
}
