extension JSONWebToken {
  /// A JSON value from a JWT's header or claims.
  public enum Value: Sendable, Hashable, Codable {
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
    case array([Value])
    /// An object.
    case object([String: Value])

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
      } else if let value = try? container.decode([Value].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: Value].self))
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
    public var arrayValue: [Value]? {
      if case .array(let value) = self { return value }
      return nil
    }

    /// The members, for ``object(_:)``.
    public var objectValue: [String: Value]? {
      if case .object(let value) = self { return value }
      return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
  }
}
