/// The key of a field in JSON: `walMode`, `requestTimeout`, `merchantId`.
///
/// One key type serves every hand-coded type of the SDK, so they share one set of keyed
/// containers instead of each compiling its own `CodingKeys` enum with its metadata and
/// witness tables.
package struct FieldKey: CodingKey {
  /// The field's name.
  package let stringValue: String

  /// The key named `name`.
  package init(_ name: String) {
    stringValue = name
  }

  /// The key named `stringValue`.
  package init?(stringValue: String) {
    self.stringValue = stringValue
  }

  /// Always `nil`: fields are named, never numbered.
  package var intValue: Int? { nil }

  /// Always `nil`: fields are named, never numbered.
  package init?(intValue: Int) {
    nil
  }
}

extension KeyedDecodingContainer where Key == FieldKey {
  /// Decodes the value of the required field `name`; an absent or null field is an error.
  package func decode<T: Decodable>(_ name: String) throws -> T {
    try decode(T.self, forKey: FieldKey(name))
  }

  /// Decodes the value of the field `name`, or returns `defaultValue` when the field is
  /// absent or null. A present value of the wrong type is still an error.
  package func decode<T: Decodable>(_ name: String, default defaultValue: T) throws -> T {
    try decodeIfPresent(name) ?? defaultValue
  }

  /// Decodes the value of the field `name`, or returns `nil` when the field is absent or
  /// null.
  package func decodeIfPresent<T: Decodable>(_ name: String) throws -> T? {
    try decodeIfPresent(T.self, forKey: FieldKey(name))
  }
}

extension KeyedEncodingContainer where Key == FieldKey {
  /// Encodes `value` as the field `name`.
  package mutating func encode<T: Encodable>(_ value: T, _ name: String) throws {
    try encode(value, forKey: FieldKey(name))
  }

  /// Encodes `value` as the field `name` when it is not `nil`.
  package mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
    try encodeIfPresent(value, forKey: FieldKey(name))
  }
}
