extension KeyedDecodingContainer {
  /// Decodes the value for `key`, or returns `defaultValue` when the key is absent or
  /// null. A present value of the wrong type is still an error.
  func decode<T: Decodable>(_ key: Key, default defaultValue: T) throws -> T {
    try decodeIfPresent(T.self, forKey: key) ?? defaultValue
  }
}
