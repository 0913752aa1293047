import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `Decoder` over a ``LoyaltyCore/JSONTape``: what the market decodes answers with.
///
/// The body is parsed once into a flat list of tokens; the models read it through this
/// decoder, which builds nothing they do not read: a member is found by comparing key
/// bytes, a string becomes a `String` only when a model reads it. It reads primitives as
/// `JSONDecoder` with its default strategies does, and throws the same `DecodingError`
/// cases with the same coding paths (a URL that is not a string is a mismatch of
/// `String`, a number that does not fit is `dataCorrupted` without a path);
/// `MarketDecodingEngineTests` and `TapeDecodingTests` compare it with `JSONDecoder` on the
/// fixtures, on drifted answers and on plain `Decodable` types. ``FieldReader`` reads
/// scalars from the tape directly when its decoder is this one (``JSONLenient``).
final class JSONTapeDecoder: Decoder {
  /// What every decoder of one decode shares.
  final class Document {
    let tape: JSONTape
    let drift: DriftCollector?
    let userInfo: [CodingUserInfoKey: Any]

    init(_ tape: JSONTape, drift: DriftCollector?, userInfo: [CodingUserInfoKey: Any]) {
      self.tape = tape
      self.drift = drift
      var userInfo = userInfo
      if let drift, let key = DriftCollector.userInfoKey { userInfo[key] = drift }
      self.userInfo = userInfo
    }

    /// The kind at `index`; ``absent`` is `null`.
    @inline(__always)
    func kind(_ index: Int) -> JSONTape.Kind { index < 0 ? .null : tape.kind(index) }

    /// The value at `index` as a ``LoyaltyCore/JSONValue``; ``absent`` is `null`.
    @inline(__always)
    func value(_ index: Int) -> JSONValue { index < 0 ? .null : tape.value(index) }
  }

  /// The position of a value that is not in the tape: `null` (`superDecoder` of a missing
  /// key).
  static let absent = -1

  let document: Document
  /// The position of this decoder's value.
  let index: Int
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { document.userInfo }

  init(
    _ tape: JSONTape, drift: DriftCollector? = nil, userInfo: [CodingUserInfoKey: Any] = [:]
  ) {
    document = Document(tape, drift: drift, userInfo: userInfo)
    index = 0
    codingPath = []
  }

  init(_ document: Document, _ index: Int, codingPath: [any CodingKey]) {
    self.document = document
    self.index = index
    self.codingPath = codingPath
  }

  /// A decoder for a value inside this one.
  func child(_ index: Int, _ key: any CodingKey) -> JSONTapeDecoder {
    JSONTapeDecoder(document, index, codingPath: codingPath + [key])
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard document.kind(index) == .object else {
      throw mismatch([String: Any].self, index, codingPath)
    }
    return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: index))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard document.kind(index) == .array else { throw mismatch([Any].self, index, codingPath) }
    return TapeUnkeyedContainer(decoder: self, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(decoder: self)
  }

  // MARK: Primitives, as JSONDecoder reads them

  func mismatch(_ type: Any.Type, _ index: Int, _ path: [any CodingKey]) -> DecodingError {
    let kind = document.kind(index)
    if kind == .null {
      return DecodingError.valueNotFound(
        type,
        .init(codingPath: path, debugDescription: "Cannot get \(type) -- found null value instead"))
    }
    return DecodingError.typeMismatch(
      type,
      .init(
        codingPath: path,
        debugDescription: "Expected to decode \(type) but found \(kind.name) instead."))
  }

  func decodePrimitive<T: Decodable>(_ type: T.Type, _ index: Int, _ path: [any CodingKey])
    throws -> T
  {
    let kind = document.kind(index)
    if T.self == String.self {
      guard kind == .string else { throw mismatch(T.self, index, path) }
      return unsafeBitCast(document.tape.string(index), to: T.self)
    }
    if T.self == Bool.self {
      switch kind {
      case .true: return unsafeBitCast(true, to: T.self)
      case .false: return unsafeBitCast(false, to: T.self)
      default: throw mismatch(T.self, index, path)
      }
    }
    if T.self == Int.self { return unsafeBitCast(try integer(Int.self, index, path), to: T.self) }
    if T.self == Double.self {
      guard let number = double(index) else { throw mismatch(T.self, index, path) }
      return unsafeBitCast(number, to: T.self)
    }
    if let integer = T.self as? any FixedWidthInteger.Type,
      let result = try integerValue(integer, index, path) as? T
    {
      return result
    }
    if T.self == Float.self {
      guard let number = double(index) else { throw mismatch(T.self, index, path) }
      return unsafeBitCast(Float(number), to: T.self)
    }
    if T.self == URL.self {
      // `JSONDecoder` reads a URL as a string first: a mismatch names `String`.
      guard kind == .string else { throw mismatch(String.self, index, path) }
      guard let url = URL(string: document.tape.string(index)) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: path, debugDescription: "Invalid URL string."))
      }
      return unsafeBitCast(url, to: T.self)
    }
    if T.self == JSONValue.self { return unsafeBitCast(document.value(index), to: T.self) }
    let decoder =
      path.count == codingPath.count && index == self.index
      ? self : JSONTapeDecoder(document, index, codingPath: path)
    return try T(from: decoder)
  }

  private func double(_ index: Int) -> Double? {
    switch document.kind(index) {
    case .integer: Double(document.tape.integer(index))
    case .number: document.tape.number(index)
    default: nil
    }
  }

  private func integerValue<I: FixedWidthInteger>(
    _ type: I.Type, _ index: Int, _ path: [any CodingKey]
  ) throws -> I {
    try integer(I.self, index, path)
  }

  func integer<I: FixedWidthInteger>(_ type: I.Type, _ index: Int, _ path: [any CodingKey])
    throws -> I
  {
    switch document.kind(index) {
    case .integer:
      if let exact = I(exactly: document.tape.integer(index)) { return exact }
    case .number:
      if let exact = I(exactly: document.tape.number(index)) { return exact }
    default:
      throw mismatch(I.self, index, path)
    }
    // `JSONDecoder` reports a number that does not fit without a coding path.
    throw DecodingError.dataCorrupted(
      .init(codingPath: [], debugDescription: "Parsed JSON number does not fit in \(I.self)."))
  }
}

extension JSONTape.Kind {
  /// What kind of value this is, for error messages (as ``JSONValue/kindName``).
  var name: String {
    switch self {
    case .null: "null"
    case .true, .false: "bool"
    case .integer, .number: "number"
    case .string: "a string"
    case .array: "an array"
    case .object: "a dictionary"
    }
  }
}

/// An object's members, read by key.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTapeDecoder
  let object: Int

  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] {
    var seen = Set<String>()
    return decoder.document.tape.keys(object).compactMap { name in
      seen.insert(name).inserted ? Key(stringValue: name) : nil
    }
  }

  func contains(_ key: Key) -> Bool {
    decoder.document.tape.member(object, key.stringValue) != nil
  }

  private func position(_ key: Key) throws -> Int {
    guard let position = decoder.document.tape.member(object, key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key.stringValue)."))
    }
    return position
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.document.kind(try position(key)) == .null
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.decodePrimitive(T.self, try position(key), codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
    throws -> KeyedDecodingContainer<NestedKey>
  {
    try decoder.child(try position(key), key).container(keyedBy: NestedKey.self)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(try position(key), key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder.child(
      decoder.document.tape.member(object, "super") ?? JSONTapeDecoder.absent, AnyKey("super"))
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.child(
      decoder.document.tape.member(object, key.stringValue) ?? JSONTapeDecoder.absent, key)
  }
}

/// An array's elements, read in order.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: JSONTapeDecoder
  let count: Int?
  private(set) var currentIndex = 0
  /// The position of the current element.
  private var position: Int

  init(decoder: JSONTapeDecoder, array: Int) {
    self.decoder = decoder
    count = decoder.document.tape.elementCount(array)
    position = array + 1
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  private func current<T>(_ type: T.Type) throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        T.self,
        .init(
          codingPath: codingPath + [IndexKey(currentIndex)],
          debugDescription: "Unkeyed container is at end."))
    }
    return position
  }

  private mutating func advance() {
    position = decoder.document.tape.end(position)
    currentIndex += 1
  }

  mutating func decodeNil() throws -> Bool {
    guard decoder.document.kind(try current(JSONValue.self)) == .null else { return false }
    advance()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let element = try current(T.self)
    let decoded = try decoder.decodePrimitive(
      T.self, element, codingPath + [IndexKey(currentIndex)])
    advance()
    return decoded
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let container = try decoder.child(try current([String: Any].self), IndexKey(currentIndex))
      .container(keyedBy: NestedKey.self)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try decoder.child(try current([Any].self), IndexKey(currentIndex))
      .unkeyedContainer()
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let child = decoder.child(try current(JSONValue.self), IndexKey(currentIndex))
    advance()
    return child
  }
}

/// One value.
struct TapeSingleValueContainer: SingleValueDecodingContainer {
  let decoder: JSONTapeDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.document.kind(decoder.index) == .null }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodePrimitive(T.self, decoder.index, codingPath)
  }
}

/// An array element's coding key, named as `JSONDecoder` names it (`Index 3`).
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}
