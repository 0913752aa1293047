extension LoyaltyError {
  /// The number the seed SDK gave this error, for hosts that migrate from it and match
  /// on those numbers (`-1009`, `401`, `4003`...), or `nil` where the seed has no
  /// number for it.
  ///
  /// It is what the seed's failure callbacks passed and its async calls threw: the
  /// network-level errors converted to the SDK-level ones first. HTTP errors carry their
  /// status (`serverError(Int)` in the seed), a refused envelope `-1`. ``code`` stays the
  /// identity of an error: seed codes are not unique (the seed uses `-1001` for both an
  /// invalid response and a timeout). The table, with the seed's lines, is in
  /// `Docs/Errors.md`.
  ///
  /// ```swift
  /// market.run {
  ///   try await $0.coupons()
  /// } completion: { result in
  ///   if case .failure(let error) = result, error.seedCode == -1009 {
  ///     // offline, as the seed SDK said it
  ///   }
  /// }
  /// ```
  public var seedCode: Int? {
    switch code {
    case .httpStatus, .rateLimited, .payloadTooLarge, .sessionEnded:
      return httpStatus ?? code.seedCode
    default:
      return code.seedCode
    }
  }
}

extension LoyaltyError.Code {
  /// The seed SDK's number for errors of this code, when it does not depend on the
  /// error's HTTP status; see ``LoyaltyError/seedCode``, which is what to match on.
  public var seedCode: Int? {
    switch self {
    case .invalidURL, .timedOut, .invalidResponse, .loginTimedOut: -1001
    case .transportFailed: -1000
    case .notConnected, .connectionLost: -1009
    case .decompressionFailed, .emptyResponse: -1002
    case .decodingFailed, .missingField, .typeMismatch, .invalidDate: -1002
    case .invalidKey: 4001
    case .encryptionFailed: 4002
    case .decryptionFailed: 4003
    case .invalidCiphertext: 4004
    case .keyGenerationFailed: 4005
    case .notAuthenticated, .refreshRejected, .unauthorized, .sessionEnded: 401
    case .serverStatus: -1
    case .rateLimited: 429
    case .payloadTooLarge: 413
    default: nil
    }
  }
}
