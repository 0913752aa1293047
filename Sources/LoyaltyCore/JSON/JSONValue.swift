#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A JSON value: what the backend sends, what request bodies are built from, and what a
/// JWT's header and claims hold.
///
/// The typed accessors (``stringValue``, ``intValue``, ...) are strict; the lenient ones
/// (``looseString``, ``looseInt``, ``looseDouble``, ``looseBool``) accept what real servers
/// send: numbers as strings and the reverse, booleans as `"true"` or `"1"`.
public enum JSONValue: Sendable, Hashable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without a fractional part that fits in `Int`.
  case integer(Int)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Whether the two are the same JSON: the same kind, and equal values, elements or
  /// members (objects compare as sets of members, whatever their order).
  ///
  /// Written out so an object's members are compared by looking each one up: the
  /// dictionaries' own `==` was 4 KB of every host's binary.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let left), .bool(let right)): left == right
    case (.integer(let left), .integer(let right)): left == right
    case (.number(let left), .number(let right)): left == right
    case (.string(let left), .string(let right)): left == right
    case (.array(let left), .array(let right)): left == right
    case (.object(let left), .object(let right)):
      left.count == right.count && left.allSatisfy { key, value in right[key] == value }
    default: false
    }
  }

  /// Encodes the value as JSON.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .integer(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The string, for ``string(_:)``.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number as a `Double`, for ``integer(_:)`` and ``number(_:)``.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    default: nil
    }
  }

  /// The number as an `Int`, for ``integer(_:)`` and for a ``number(_:)`` without a
  /// fractional part that fits.
  public var intValue: Int? {
    switch self {
    case .integer(let value): value
    case .number(let value): Int(exactly: value)
    default: nil
    }
  }

  /// The Boolean, for ``bool(_:)``.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements, for ``array(_:)``.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, for ``object(_:)``.
  public var objectValue: [String: JSONValue]? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// Whether the value is `null`.
  public var isNull: Bool { self == .null }
}

extension JSONValue {
  /// The member named `key` when this is an object, else `nil`.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The string, or a number written as a string: a whole number that fits in `Int`
  /// without a fractional part (`3`), any other as `Double` writes it (`1.5`, `1e+19`,
  /// `inf`).
  public var looseString: String? {
    switch self {
    case .string(let value): value
    case .integer(let value): String(value)
    case .number(let value): Int(exactly: value).map { String($0) } ?? String(value)
    case .bool(let value): value ? "true" : "false"
    default: nil
    }
  }

  /// The integer, or a string or whole number holding one.
  public var looseInt: Int? {
    switch self {
    case .integer(let value): value
    case .number(let value): Int(exactly: value)
    case .string(let value):
      Int(value.trimmingWhitespaces())
        ?? Double(value.trimmingWhitespaces()).flatMap { Int(exactly: $0) }
    case .bool(let value): value ? 1 : 0
    default: nil
    }
  }

  /// The number, or a string holding one.
  public var looseDouble: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .number(let value): value
    case .string(let value): Double(value.trimmingWhitespaces())
    default: nil
    }
  }

  /// The boolean, or `1`/`0`, `"true"`/`"false"`, `"1"`/`"0"`, `"yes"`/`"no"`.
  public var looseBool: Bool? {
    switch self {
    case .bool(let value): value
    case .integer(let value) where value == 0 || value == 1: value == 1
    case .string(let value):
      switch value.trimmingWhitespaces().lowercased() {
      case "true", "1", "yes": true
      case "false", "0", "no": false
      default: nil
      }
    default: nil
    }
  }

  /// Parses JSON bytes.
  /// - Throws: ``LoyaltyError/Code/invalidResponse`` when `data` is not JSON; its message
  ///   says why and where (line, column and byte offset of the offending byte).
  public init(parsing data: Data) throws {
    // `withUnsafeBytes` rethrows untyped: the failure comes out of it as a `Result`.
    let parsed = data.withUnsafeBytes { bytes in
      Result { () throws(JSONSyntaxError) in
        let tokens = try JSONParser.tokens(of: bytes)
        var position = 0
        return JSONTape.value(tokens, bytes, &position)
      }
    }
    switch parsed {
    case .success(let value): self = value
    case .failure(let error): throw error.loyaltyError(byteCount: data.count)
    }
  }

  /// The value as compact JSON bytes, keys sorted.
  public func jsonData() throws -> Data {
    do {
      return Data(try JSONWriter.bytes(of: self))
    } catch {
      throw LoyaltyError(
        .requestEncodingFailed, "A JSON value could not be encoded: \(error.value) is not finite.")
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  public init(nilLiteral: ()) { self = .null }
}
