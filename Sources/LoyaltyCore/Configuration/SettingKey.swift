/// The key of a configuration field in JSON: `walMode`, `requestTimeout`.
///
/// One key type serves every configuration section, so the sections share one set of
/// keyed containers instead of each compiling its own.
struct SettingKey: CodingKey {
  let stringValue: String

  /// The key named `name`.
  init(_ name: String) {
    stringValue = name
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  var intValue: Int? { nil }

  init?(intValue: Int) {
    nil
  }
}

extension KeyedDecodingContainer where Key == SettingKey {
  /// Decodes the value of the field `name`, or returns `defaultValue` when the field is
  /// absent or null. A present value of the wrong type is still an error.
  func decode<T: Decodable>(_ name: String, default defaultValue: T) throws -> T {
    try decodeIfPresent(name) ?? defaultValue
  }

  /// Decodes the value of the field `name`, or returns `nil` when the field is absent or
  /// null.
  func decodeIfPresent<T: Decodable>(_ name: String) throws -> T? {
    try decodeIfPresent(T.self, forKey: SettingKey(name))
  }
}

extension KeyedEncodingContainer where Key == SettingKey {
  /// Encodes `value` as the field `name`.
  mutating func encode<T: Encodable>(_ value: T, _ name: String) throws {
    try encode(value, forKey: SettingKey(name))
  }

  /// Encodes `value` as the field `name` when it is not `nil`.
  mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
    try encodeIfPresent(value, forKey: SettingKey(name))
  }
}
