extension [LoyaltyError] {
  /// Appends the error of a setting at fault: `code`, `message`, the recovery
  /// `suggestion`, and the setting's key path as the `field` fact.
  ///
  /// Every configuration check reports through this one function, not inlined, so each
  /// check compiles to a call rather than to its own copy of the error's construction.
  @inline(never)
  mutating func appendSetting(
    _ code: LoyaltyError.Code, field: String, _ message: String, _ suggestion: String
  ) {
    append(LoyaltyError(code, message, recoverySuggestion: suggestion, metadata: ["field": field]))
  }

  /// Appends `<field> is <value>.` with `code` when `value` is outside `range`.
  @inline(never)
  mutating func check(
    _ field: String, _ value: Int, in range: ClosedRange<Int>, _ code: LoyaltyError.Code,
    _ suggestion: String
  ) {
    if !range.contains(value) {
      appendSetting(code, field: field, "\(field) is \(value).", suggestion)
    }
  }

  /// Appends `<field> is <value> s.` with `code` when `value` is outside `range`.
  @inline(never)
  mutating func check(
    _ field: String, seconds value: Double, in range: ClosedRange<Double>,
    _ code: LoyaltyError.Code, _ suggestion: String
  ) {
    check(field, seconds: value, isValid: range.contains(value), code, suggestion)
  }

  /// Appends `<field> is <value> s.` with `code` when `isValid` is false.
  @inline(never)
  mutating func check(
    _ field: String, seconds value: Double, isValid: Bool, _ code: LoyaltyError.Code,
    _ suggestion: String
  ) {
    if !isValid {
      appendSetting(code, field: field, "\(field) is \(value) s.", suggestion)
    }
  }
}
