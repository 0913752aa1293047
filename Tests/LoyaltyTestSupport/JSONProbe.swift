public import Foundation
public import LoyaltyCore

/// What the coding tests compare: a value's JSON and a hand-written literal, both as
/// trees, and a literal decoded.
public enum JSONProbe {
  /// `value` encoded by `JSONEncoder`, as a tree.
  public static func encoded(_ value: some Encodable) throws -> JSONValue {
    try JSONValue(parsing: JSONEncoder().encode(value))
  }

  /// `json` as a tree.
  public static func tree(_ json: String) throws -> JSONValue {
    try JSONValue(parsing: Data(json.utf8))
  }

  /// `json` decoded by `JSONDecoder` as a `T`.
  public static func decoded<T: Decodable>(_: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
  }

  /// A date whose JSON, as `JSONEncoder` writes it by default, is the number `seconds`
  /// (seconds since 2001-01-01).
  public static func date(_ seconds: Double) -> Date {
    Date(timeIntervalSinceReferenceDate: seconds)
  }
}
