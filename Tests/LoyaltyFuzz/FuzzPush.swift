import Foundation
import LoyaltyCore
import LoyaltyPush

enum FuzzPush {
  /// The bytes as a JSON payload.
  static func runData(_ data: Data) {
    guard let payload = try? PushPayload.parse(data) else { return }
    read(payload)
  }

  /// The first byte picks how JSON values become the dictionary's values (the types a
  /// platform may use); the rest is a JSON object.
  static func runDictionary(_ data: Data) {
    var input = FuzzInput(data)
    let style = input.byte()
    let body = input.rest()
    if style & 0x80 != 0 {
      // What Foundation's own JSON reading gives a host: NSNumber, NSNull, NSString.
      if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
        let dictionary = object as? [String: Any]
      {
        parse(dictionary)
      }
      return
    }
    guard case .object(let fields)? = try? JSONValue(parsing: body) else { return }
    var dictionary: [AnyHashable: Any] = [:]
    for (index, (key, value)) in fields.enumerated() {
      // Now and then a key that is not a string, which the parser skips.
      if style & 0x40 != 0, index % 3 == 2 {
        dictionary[AnyHashable(index)] = native(value, style: style)
      } else {
        dictionary[AnyHashable(key)] = native(value, style: style)
      }
    }
    if let payload = try? PushPayload.parse(dictionary) { read(payload) }
  }

  private static func parse(_ dictionary: [String: Any]) {
    if let payload = try? PushPayload.parse(dictionary) { read(payload) }
  }

  /// A JSON value as the Swift value a platform dictionary might hold.
  private static func native(_ value: JSONValue, style: UInt8) -> Any {
    switch value {
    case .null: return style & 1 != 0 ? Optional<Any>.none as Any : "null"
    case .bool(let flag): return flag
    case .integer(let number):
      switch style % 4 {
      case 0: return number
      case 1: return Int64(number)
      case 2: return UInt64(bitPattern: Int64(number))
      default: return Int8(truncatingIfNeeded: number)
      }
    case .number(let number): return style & 2 != 0 ? Float(number) : number
    case .string(let text): return text
    case .array(let elements): return elements.map { native($0, style: style) }
    case .object(let members):
      if style & 4 != 0 {
        var dictionary: [AnyHashable: Any] = [:]
        for (key, member) in members { dictionary[AnyHashable(key)] = native(member, style: style) }
        return dictionary
      }
      return members.mapValues { native($0, style: style) }
    }
  }

  private static func read(_ payload: PushPayload) {
    _ = payload.isDefaultAction
    _ = payload.aps?.body
    _ = payload.customData.count
    // A parsed payload encodes, and decodes back the same.
    guard let encoded = try? JSONEncoder().encode(payload) else {
      check(false, "a parsed push payload could not be encoded")
      return
    }
    let decoded = try? JSONDecoder().decode(PushPayload.self, from: encoded)
    check(decoded == payload, "a push payload changed when encoded and decoded")
  }
}
