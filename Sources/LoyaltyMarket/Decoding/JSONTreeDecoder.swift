import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `Decoder` over a ``LoyaltyCore/JSONValue`` the SDK's byte-level parser has built.
///
/// It replaces `JSONDecoder` for market answers: the body is parsed once by `JSONParser`
/// (one pass over the UTF-8 bytes) and the models read the tree. It reads primitives the
/// way `JSONDecoder` does with its default strategies: a `Bool` only from `true` or
/// `false`, a `String` only from a string, an integer from a number that is whole and
/// fits, a floating-point number from any number; `null` is `decodeNil`, a missing key
/// `keyNotFound`, a wrong type `typeMismatch`, all with the field's coding path, so the
/// lenient reads and their drift reports behave as they did over `JSONDecoder`
/// (`TreeDecodingTests` compares the two on the fixtures and on drifted answers).
/// ``FieldReader`` reads scalars from the tree directly when its decoder is this one
/// (``JSONLenient``), without a failed typed attempt per tolerated value.
final class JSONTreeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]
  /// The decode's drift collector, kept apart so reading it costs no dictionary lookup.
  let drift: DriftCollector?

  init(
    _ value: JSONValue, codingPath: [any CodingKey] = [], drift: DriftCollector? = nil,
    userInfo: [CodingUserInfoKey: Any] = [:]
  ) {
    self.value = value
    self.codingPath = codingPath
    self.drift = drift
    var userInfo = userInfo
    if let drift, let key = DriftCollector.userInfoKey { userInfo[key] = drift }
    self.userInfo = userInfo
  }

  /// A decoder for a value inside this one.
  func child(_ value: JSONValue, _ key: any CodingKey) -> JSONTreeDecoder {
    JSONTreeDecoder(value, codingPath: codingPath + [key], self)
  }

  private init(_ value: JSONValue, codingPath: [any CodingKey], _ parent: JSONTreeDecoder) {
    self.value = value
    self.codingPath = codingPath
    self.drift = parent.drift
    self.userInfo = parent.userInfo
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let object) = value else {
      throw Self.mismatch([String: Any].self, value, codingPath)
    }
    return KeyedDecodingContainer(TreeKeyedContainer<Key>(decoder: self, object: object))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw Self.mismatch([Any].self, value, codingPath)
    }
    return TreeUnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TreeSingleValueContainer(decoder: self)
  }

  // MARK: Primitives, as JSONDecoder reads them

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey])
    -> DecodingError
  {
    if value == .null {
      return DecodingError.valueNotFound(
        type,
        .init(codingPath: path, debugDescription: "Cannot get \(type) -- found null value instead"))
    }
    return DecodingError.typeMismatch(
      type,
      .init(
        codingPath: path,
        debugDescription: "Expected to decode \(type) but found \(value.kindName) instead."))
  }

  func decodePrimitive<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey])
    throws -> T
  {
    if T.self == String.self {
      guard case .string(let text) = value else { throw Self.mismatch(T.self, value, path) }
      return unsafeBitCast(text, to: T.self)
    }
    if T.self == Bool.self {
      guard case .bool(let flag) = value else { throw Self.mismatch(T.self, value, path) }
      return unsafeBitCast(flag, to: T.self)
    }
    if T.self == Int.self { return unsafeBitCast(try integer(Int.self, value, path), to: T.self) }
    if T.self == Double.self {
      guard let number = value.doubleValue else { throw Self.mismatch(T.self, value, path) }
      return unsafeBitCast(number, to: T.self)
    }
    if let integer = T.self as? any FixedWidthInteger.Type,
      let result = try integerValue(integer, value, path) as? T
    {
      return result
    }
    if T.self == Float.self {
      guard let number = value.doubleValue else { throw Self.mismatch(T.self, value, path) }
      return unsafeBitCast(Float(number), to: T.self)
    }
    if T.self == URL.self {
      guard case .string(let text) = value else { throw Self.mismatch(T.self, value, path) }
      guard let url = URL(string: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: path, debugDescription: "Invalid URL string."))
      }
      return unsafeBitCast(url, to: T.self)
    }
    if T.self == JSONValue.self { return unsafeBitCast(value, to: T.self) }
    let decoder =
      path.count == codingPath.count ? self : JSONTreeDecoder(value, codingPath: path, self)
    return try T(from: decoder)
  }

  private func integerValue<I: FixedWidthInteger>(
    _ type: I.Type, _ value: JSONValue, _ path: [any CodingKey]
  ) throws -> I {
    try integer(I.self, value, path)
  }

  func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: [any CodingKey])
    throws -> I
  {
    switch value {
    case .integer(let number):
      if let exact = I(exactly: number) { return exact }
    case .number(let number):
      if let exact = I(exactly: number) { return exact }
    default:
      throw Self.mismatch(I.self, value, path)
    }
    throw DecodingError.dataCorrupted(
      .init(codingPath: path, debugDescription: "Parsed JSON number does not fit in \(I.self)."))
  }
}

extension JSONValue {
  /// What kind of value this is, for error messages.
  var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .integer, .number: "number"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }
}

/// An object's members, read by key.
struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTreeDecoder
  let object: [String: JSONValue]

  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

  private func value(_ key: Key) throws -> JSONValue {
    guard let value = object[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key.stringValue)."))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decodePrimitive(T.self, try value(key), codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try decoder.child(try value(key), key).container(keyedBy: NestedKey.self)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(try value(key), key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder.child(object["super"] ?? .null, AnyKey("super"))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(object[key.stringValue] ?? .null, key)
  }
}

/// An array's elements, read in order.
struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: JSONTreeDecoder
  let elements: [JSONValue]
  private(set) var currentIndex = 0

  init(decoder: JSONTreeDecoder, elements: [JSONValue]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private func current<T>(_ type: T.Type) throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        T.self,
        .init(
          codingPath: codingPath + [IndexKey(currentIndex)],
          debugDescription: "Unkeyed container is at end."))
    }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard try current(JSONValue.self) == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try current(T.self)
    let decoded = try decoder.decodePrimitive(
      T.self, value, codingPath + [IndexKey(currentIndex)])
    currentIndex += 1
    return decoded
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let container = try decoder.child(try current([String: Any].self), IndexKey(currentIndex))
      .container(keyedBy: NestedKey.self)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try decoder.child(try current([Any].self), IndexKey(currentIndex))
      .unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let child = decoder.child(try current(JSONValue.self), IndexKey(currentIndex))
    currentIndex += 1
    return child
  }
}

/// One value.
struct TreeSingleValueContainer: SingleValueDecodingContainer {
  let decoder: JSONTreeDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value == .null }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodePrimitive(T.self, decoder.value, codingPath)
  }
}

/// The coding key of a list element.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
