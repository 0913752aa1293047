import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a model's fields by name, tolerantly, and reports what it tolerated.
///
/// Each read takes the field's name and up to two aliases (the seed's names, with or
/// without their leading `_`), tried in order. A field that is absent where the model
/// expects one, or whose value cannot be read, gives the read's default and is recorded
/// in the decode's ``DriftCollector`` (when the decoder carries one). A field that is
/// `null` or an empty string is an explicit "no value": its default, no drift.
/// `required...` reads have no default: they throw ``Unusable``, which
/// `MarketDecoding` turns into an error naming the call and the field.
///
/// On the happy path a read costs what the bare container read costs: the aliases, the
/// path and the collector are only looked at when the first name gives no value.
struct FieldReader {
  /// A field without which an answer means nothing.
  struct Unusable: Error {
    /// The field's drift path.
    let field: String
    /// How it failed.
    let kind: ResponseDrift.Kind
  }

  /// The object's container: over a tape it is made only when a read needs it (a list, a
  /// nested object, a required value), since most reads go to the tape directly.
  var container: KeyedDecodingContainer<AnyKey> {
    switch holder {
    case .made(let container): container
    case .tape(let decoder):
      KeyedDecodingContainer(TapeKeyedContainer<AnyKey>(decoder: decoder, object: decoder.index))
    }
  }
  private enum Holder {
    case made(KeyedDecodingContainer<AnyKey>)
    case tape(JSONTapeDecoder)
  }
  private let holder: Holder
  private let decoder: any Decoder
  /// The tape and the object's position when the decoder is a ``JSONTapeDecoder``:
  /// scalars are then read from the tape with ``JSONLenient``, which gives what the
  /// container reads give.
  /// Kept here, not read through the decoder, so a read retains nothing.
  private let tape: JSONTape?
  private let object: Int

  init(_ decoder: any Decoder) throws {
    self.decoder = decoder
    if let tape = decoder as? JSONTapeDecoder {
      // What `container(keyedBy:)` checks and throws, without making the container.
      guard tape.document.kind(tape.index) == .object else {
        throw tape.mismatch([String: Any].self, tape.index, tape.codingPath)
      }
      holder = .tape(tape)
      self.tape = tape.document.tape
      object = tape.index
      return
    }
    holder = .made(try decoder.container(keyedBy: AnyKey.self))
    tape = nil
    object = 0
  }

  // MARK: Scalars with a default

  func string(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> String {
    try read(name, alias, alias2, expected: true, JSONLenient.string) {
      try container.lenientString($0)
    } ?? ""
  }

  func optionalString(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> String?
  {
    try read(name, alias, alias2, expected: false, JSONLenient.string) {
      try container.lenientString($0)
    }
  }

  func int(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> Int {
    try expectedInt(name, alias, alias2) ?? 0
  }

  /// An integer the model expects: absent is `nil` and reported as missing, never 0.
  func expectedInt(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Int?
  {
    try read(name, alias, alias2, expected: true, JSONLenient.int) {
      try container.lenientInt($0)
    }
  }

  func optionalInt(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Int?
  {
    try read(name, alias, alias2, expected: false, JSONLenient.int) {
      try container.lenientInt($0)
    }
  }

  func double(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> Double {
    try expectedDouble(name, alias, alias2) ?? 0
  }

  /// A number the model expects: absent is `nil` and reported as missing, never 0.
  func expectedDouble(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Double?
  {
    try read(name, alias, alias2, expected: true, JSONLenient.double) {
      try container.lenientDouble($0)
    }
  }

  func optionalDouble(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Double?
  {
    try read(name, alias, alias2, expected: false, JSONLenient.double) {
      try container.lenientDouble($0)
    }
  }

  func bool(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> Bool {
    try expectedBool(name, alias, alias2) ?? false
  }

  /// A flag the model expects: absent is `nil` and reported as missing, never `false`.
  func expectedBool(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Bool?
  {
    try read(name, alias, alias2, expected: true, JSONLenient.bool) {
      try container.lenientBool($0)
    }
  }

  /// A string the model expects: absent is `nil` and reported as missing, never "".
  func expectedString(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> String?
  {
    try read(name, alias, alias2, expected: true, JSONLenient.string) {
      try container.lenientString($0)
    }
  }

  func optionalBool(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> Bool?
  {
    try read(name, alias, alias2, expected: false, JSONLenient.bool) {
      try container.lenientBool($0)
    }
  }

  func date(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> Date? {
    try read(name, alias, alias2, expected: false, JSONLenient.date) {
      try container.lenientDate($0)
    }
  }

  /// A URL; one that does not parse is unreadable.
  func url(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> URL? {
    try read(name, alias, alias2, expected: false, JSONLenient.url) { key in
      guard
        let text = try container.lenientString(key)?.replacingAll("\\/", with: "/")
          .trimmingWhitespace(), !text.isEmpty
      else { return nil }
      guard let url = URL(string: text) else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: container.codingPath + [key], debugDescription: "not a URL"))
      }
      return url
    }
  }

  func strings(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> [String]
  {
    try read(
      name, alias, alias2, expected: true, failure: .unexpectedShape,
      { value throws(JSONLenient.Failure) in try JSONLenient.strings(value) }
    ) { key in
      guard try hasValue(key) else { return nil }
      return try container.lenientStrings(key)
    } ?? []
  }

  // MARK: Nested values

  /// A nested object; one that is not an object is an unexpected shape.
  func object<T: Decodable>(
    _ type: T.Type, _ name: String, _ alias: String? = nil, _ alias2: String? = nil
  ) throws -> T? {
    try readContainer(name, alias, alias2, expected: false, failure: .unexpectedShape) { key in
      guard try hasValue(key) else { return nil }
      return try container.decode(T.self, forKey: key)
    }
  }

  /// A list that is often absent (`products` without full detail): absent is `[]`.
  func optionalList<T: Decodable>(
    _ type: T.Type, _ name: String, _ alias: String? = nil, _ alias2: String? = nil
  ) throws -> [T] {
    try readContainer(name, alias, alias2, expected: false, failure: .unexpectedShape) {
      try elements(T.self, $0)
    } ?? []
  }

  // MARK: Required values

  /// An integer without which the answer means nothing.
  func requiredInt(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws -> Int {
    try required(name, alias, alias2, failure: .unreadable) { try container.lenientInt($0) }
  }

  /// A string without which the answer means nothing; empty counts as missing.
  func requiredString(_ name: String, _ alias: String? = nil, _ alias2: String? = nil) throws
    -> String
  {
    try required(name, alias, alias2, failure: .unreadable) { key in
      try container.lenientString(key).flatMap { $0.isEmpty ? nil : $0 }
    }
  }

  /// A nested object without which the answer means nothing.
  func requiredObject<T: Decodable>(
    _ type: T.Type, _ name: String, _ alias: String? = nil, _ alias2: String? = nil
  ) throws -> T {
    try required(name, alias, alias2, failure: .unexpectedShape) { key in
      guard try hasValue(key) else { return nil }
      return try container.decode(T.self, forKey: key)
    }
  }

  /// Whether `key` is present and not `null`.
  @inline(__always)
  private func hasValue(_ key: AnyKey) throws -> Bool {
    try container.contains(key) && !container.decodeNil(forKey: key)
  }

  // MARK: Reporting

  /// Records drift at `name` in this container.
  func report(_ name: String, _ kind: ResponseDrift.Kind) {
    decoder.driftCollector?.record(decoder.codingPath.driftPath(appending: name), kind)
  }

  // MARK: The one read

  /// The value of the first of the names that has one. `parse` returns `nil` for
  /// `null` or empty and throws a `DecodingError` for a value it cannot read.
  @inline(__always)
  private func read<T>(
    _ name: String, _ alias: String?, _ alias2: String?, expected: Bool,
    failure: ResponseDrift.Kind = .unreadable,
    _ json: (JSONValue) throws(JSONLenient.Failure) -> T?, _ parse: (AnyKey) throws -> T?
  ) throws -> T? {
    if tape != nil {
      return readTape(name, alias, alias2, expected: expected, failure: failure, json)
    }
    return try readContainer(name, alias, alias2, expected: expected, failure: failure, parse)
  }

  /// The read over the tape of a parsed object.
  @inline(__always)
  private func readTape<T>(
    _ name: String, _ alias: String?, _ alias2: String?, expected: Bool,
    failure: ResponseDrift.Kind, _ json: (JSONValue) throws(JSONLenient.Failure) -> T?
  ) -> T? {
    var candidate = name
    var position = tape?.member(object, name)
    if position == nil, let alias {
      candidate = alias
      position = tape?.member(object, alias)
    }
    if position == nil, let alias2 {
      candidate = alias2
      position = tape?.member(object, alias2)
    }
    guard let position, let value = tape?.value(position) else {
      if expected { report(name, .missing) }
      return nil
    }
    if case .null = value { return nil }
    do {
      return try json(value)
    } catch {
      report(candidate, failure)
      return nil
    }
  }

  /// The read through the container.
  @inline(__always)
  private func readContainer<T>(
    _ name: String, _ alias: String?, _ alias2: String?, expected: Bool,
    failure: ResponseDrift.Kind, _ parse: (AnyKey) throws -> T?
  ) throws -> T? {
    switch try lookup(name, alias, alias2, parse) {
    case .value(let value): return value
    case .empty: return nil
    case .missing:
      if expected { report(name, .missing) }
      return nil
    case .failed(let key):
      report(key, failure)
      return nil
    }
  }

  private func required<T>(
    _ name: String, _ alias: String?, _ alias2: String?, failure: ResponseDrift.Kind,
    _ parse: (AnyKey) throws -> T?
  ) throws -> T {
    switch try lookup(name, alias, alias2, parse) {
    case .value(let value): return value
    case .empty, .missing:
      throw Unusable(field: container.codingPath.driftPath(appending: name), kind: .missing)
    case .failed(let key):
      throw Unusable(field: container.codingPath.driftPath(appending: key), kind: failure)
    }
  }

  private enum Lookup<T> {
    case value(T)
    case empty
    case missing
    case failed(String)
  }

  @inline(__always)
  private func lookup<T>(
    _ name: String, _ alias: String?, _ alias2: String?, _ parse: (AnyKey) throws -> T?
  ) throws -> Lookup<T> {
    if let found = try attempt(name, parse) { return found }
    if let alias, let found = try attempt(alias, parse) { return found }
    if let alias2, let found = try attempt(alias2, parse) { return found }
    return .missing
  }

  /// The lookup of one name: `nil` when the container has no such key.
  @inline(__always)
  private func attempt<T>(_ name: String, _ parse: (AnyKey) throws -> T?) throws -> Lookup<T>? {
    let key = AnyKey(name)
    do {
      if let value = try parse(key) { return .value(value) }
    } catch is DecodingError {
      return .failed(name)
    }
    return container.contains(key) ? .empty : nil
  }

  /// The elements of the list at `key`, an element that cannot be decoded skipped and
  /// reported as unreadable; `nil` for `null`. A value that is not a list throws.
  private func elements<T: Decodable>(_ type: T.Type, _ key: AnyKey) throws -> [T]? {
    guard try hasValue(key) else { return nil }
    return try Self.elements(T.self, in: container.nestedUnkeyedContainer(forKey: key)) {
      report(key.stringValue, .unreadable)
    }
  }
}

/// Any JSON value, read and dropped: steps a list past an element that cannot be decoded.
struct SkippedValue: Decodable {
  init(from decoder: any Decoder) throws {}
}
