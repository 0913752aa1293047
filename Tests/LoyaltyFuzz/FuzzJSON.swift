import Foundation
import LoyaltyCore

enum FuzzJSON {
  static func run(_ data: Data) {
    guard let value = try? JSONValue(parsing: data) else { return }
    visit(value, depth: 0)
    // What the writer writes, the parser reads back as the same value.
    guard let written = try? value.jsonData() else {
      check(false, "a parsed value could not be written")
      return
    }
    let again = try? JSONValue(parsing: written)
    check(again.map { same($0, value) } ?? false, "writing and reading back changed the value")
  }

  /// Equal, but for a number's case: like `JSONEncoder`, the writer writes a whole
  /// `Double` of 2^53 or more without a fraction (`9007199254740992`), which reads back
  /// as ``JSONValue/integer(_:)`` when it fits in `Int`.
  static func same(_ first: JSONValue, _ second: JSONValue) -> Bool {
    switch (first, second) {
    case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
      return Double(integer) == number
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
    default:
      return first == second
    }
  }

  /// Reads every accessor of every value, as the SDK's decoders do.
  static func visit(_ value: JSONValue, depth: Int) {
    _ = value.stringValue
    _ = value.doubleValue
    _ = value.intValue
    _ = value.boolValue
    _ = value.isNull
    _ = value.looseString
    _ = value.looseInt
    _ = value.looseDouble
    _ = value.looseBool
    guard depth < 64 else { return }
    switch value {
    case .array(let elements):
      for element in elements.prefix(64) { visit(element, depth: depth + 1) }
    case .object(let members):
      for (key, member) in members.prefix(64) {
        _ = value[key]
        visit(member, depth: depth + 1)
      }
    default:
      break
    }
  }
}
