import LoyaltyCore

#if canImport(Darwin)
  // The platform's notification dictionaries hold NSNumber and NSNull.
  import Foundation
#endif

/// Turns the values of a platform payload dictionary into JSON values.
enum PushValue {
  /// The JSON value of `value`: strings, numbers, booleans, nulls, arrays and
  /// dictionaries with string keys; anything else becomes its description.
  static func json(from value: Any) -> JSONValue {
    #if canImport(Darwin)
      if value is NSNull { return .null }
      if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
        // A Foundation number: booleans are stored as char.
        let kind = String(cString: number.objCType)
        if kind == "c" || kind == "B" { return .bool(number.boolValue) }
        if kind == "f" || kind == "d" { return .number(number.doubleValue) }
        return .integer(number.intValue)
      }
    #endif
    switch value {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .integer(number)
    case let number as any BinaryInteger:
      return Int(exactly: number).map { .integer($0) } ?? .number(Double(number))
    case let number as Double: return .number(number)
    case let number as Float: return .number(Double(number))
    case let array as [Any]: return .array(array.map(json(from:)))
    case let object as [String: Any]: return .object(object.mapValues(json(from:)))
    case let object as [AnyHashable: Any]:
      var fields: [String: JSONValue] = [:]
      for (key, member) in object {
        guard let name = key.base as? String else { continue }
        fields[name] = json(from: member)
      }
      return .object(fields)
    case Optional<Any>.none: return .null
    default: return .string(String(describing: value))
    }
  }
}
