extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The headers with every secret masked: the whole value of a field whose name names
  /// a secret (``SecretMasker/namesSecret(_:)``: `Authorization`, `Cookie`,
  /// `loyalty-signature`, `unique-device-id`, `X-Api-Key`, ...), and what `masker`
  /// recognises in the other values.
  public func masked(by masker: SecretMasker = .standard) -> HTTPHeaders {
    HTTPHeaders(
      fields.map { field in
        (
          name: field.name,
          value: SecretMasker.namesSecret(field.name)
            ? SecretMasker.placeholder : masker.mask(field.value)
        )
      })
  }

  /// `[name: value, ...]`, with secrets masked as ``masked(by:)`` does.
  public var description: String {
    "[" + masked().fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
  }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// The masked fields, so `dump` shows no secret either.
  public var customMirror: Mirror {
    Mirror(
      self, unlabeledChildren: masked().fields.map { "\($0.name): \($0.value)" },
      displayStyle: .collection)
  }
}
