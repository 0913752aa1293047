import Foundation
import LoyaltyCore

/// Input starting with `{` (or whitespace) is the configuration's JSON as it is. Any
/// other input is read as the values of each setting, written as JSON, then decoded: JSON
/// mutations seldom turn `30` into `4000`, and the decoder is not instrumented, so the
/// fuzzer would rarely reach the values validation has to reject.
enum FuzzConfiguration {
  static func run(_ data: Data) {
    switch data.first {
    case UInt8(ascii: "{"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), nil:
      decode(data)
    default:
      var input = FuzzInput(data.dropFirst())
      guard let json = try? settings(from: &input).jsonData() else { return }
      decode(json)
    }
  }

  private static func decode(_ data: Data) {
    guard let configuration = try? LoyaltyConfiguration(jsonData: data) else { return }
    _ = configuration.validationErrors()
    _ = try? configuration.validate()
    _ = configuration.summaryText
    _ = configuration.baseURL
    _ = configuration.secrets
    _ = configuration.environment.description
    for preset in LoyaltyConfiguration.Preset.allCases {
      _ = configuration.applying(preset).validationErrors()
    }
    // What the configuration writes, it reads back.
    guard let written = try? configuration.jsonData() else {
      check(false, "a decoded configuration could not be encoded")
      return
    }
    let again = try? LoyaltyConfiguration(jsonData: written)
    check(again != nil, "a configuration could not read back what it wrote")
  }

  private static let sections: [(String, [String])] = [
    (
      "network",
      [
        "requestTimeout", "resourceTimeout", "maxRetryAttempts", "retryBaseDelay",
        "retryMaxDelay", "retryJitter", "maxConcurrentRequests",
      ]
    ),
    (
      "token",
      [
        "maxRetryAttempts", "retryDelays", "circuitBreakerThreshold", "circuitBreakerResetTime",
        "refreshThreshold", "refreshTimeout", "loginTimeout", "cacheDuration",
      ]
    ),
    ("database", ["encryptionEnabled", "walMode", "cacheSizeKiB", "busyTimeout", "directory"]),
  ]

  /// A configuration object whose every setting the input picks.
  private static func settings(from input: inout FuzzInput) -> JSONValue {
    var object: [String: JSONValue] = [
      "appUUID": .string("0123456789abcdef0123456789abcdef"), "bundleID": "com.example.fuzz",
    ]
    for (section, keys) in sections {
      var fields: [String: JSONValue] = [:]
      for key in keys {
        fields[key] = value(from: &input)
      }
      object[section] = .object(fields)
    }
    for key in ["merchantID", "apiKey", "environment", "language"] {
      object[key] = input.byte() & 1 == 0 ? nil : .string(input.string())
    }
    return .object(object)
  }

  /// A number, small or large, whole or not, or now and then another kind of value.
  private static func value(from input: inout FuzzInput) -> JSONValue? {
    switch input.byte() % 8 {
    case 0: return nil
    case 1: return .integer(Int(Int8(bitPattern: input.byte())))
    case 2:
      let bytes = (0..<4).map { _ in UInt32(input.byte()) }
      return .integer(Int(Int32(bitPattern: bytes.reduce(0) { $0 << 8 | $1 })))
    case 3:
      let bytes = (0..<8).map { _ in UInt64(input.byte()) }
      let number = Double(bitPattern: bytes.reduce(0) { $0 << 8 | $1 })
      return number.isFinite ? .number(number) : .null
    case 4: return .number(Double(input.byte()) / 16)
    case 5: return .array((0..<Int(input.byte() % 4)).map { _ in .integer(Int(input.byte())) })
    case 6: return .bool(input.byte() & 1 == 1)
    default: return .string(input.string())
    }
  }
}
