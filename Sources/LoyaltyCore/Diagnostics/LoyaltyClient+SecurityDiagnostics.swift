#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension LoyaltyClient {
  /// Whether encryption at rest is set up and working, how many values are encrypted,
  /// and the stored token's state, as one report (seed 000, "Encryption Diagnostics").
  ///
  /// Encryption is checked with the registered field cipher's real key: a value is
  /// sealed and opened again, and the stored tokens are read, so a key that does not open
  /// what was stored with another shows as ``EncryptionStatus/failed(reason:)``. The
  /// token is judged on `serverClock` (pass the network client's ``LoyaltyClock``
  /// measuring the server's time, `client.network.serverClock`), the client's clock
  /// otherwise. Reads only: nothing is stored, refreshed or logged.
  /// - Parameters:
  ///   - serverClock: The clock expiry is judged on; the client's clock by default.
  ///   - expiringWithin: The expiring window in seconds; the configuration's
  ///     ``TokenConfiguration/refreshThreshold`` by default.
  /// - Returns: The report; its description names no secret.
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``.
  public func securityDiagnostics(
    serverClock: (any LoyaltyClock)? = nil, expiringWithin: TimeInterval? = nil
  ) async throws -> SecurityDiagnostics {
    try ensureRunning()
    let clock = try serverClock ?? resolve(.clock)
    let window = expiringWithin ?? configuration.token.refreshThreshold
    let cipher = try resolveIfPresent(.fieldCipher)
    let tokenStore = try resolve(.tokenStore)

    var encryption: EncryptionStatus = .notConfigured
    if let cipher {
      encryption = await Self.roundTrip(cipher)
    }
    let token: TokenStatus
    do {
      let pair = try await tokenStore.tokens()
      token = TokenStatus.of(accessToken: pair?.accessToken, at: clock.now, window: window)
    } catch {
      let reason = Self.reason(error)
      token = .unreadable(reason: reason)
      if encryption == .working, let code = (error as? LoyaltyError)?.code,
        code == .decryptionFailed || code == .invalidCiphertext
      {
        encryption = .failed(reason: "the stored values do not open with the key: \(reason)")
      }
    }
    let count = try? await (tokenStore as? any EncryptedValueCounting)?.encryptedValueCount()
    return SecurityDiagnostics(
      encryption: encryption, encryptionEnabled: configuration.database.encryptionEnabled,
      encryptedValueCount: count, token: token)
  }

  /// Seals a probe with `cipher` and opens it again.
  private static func roundTrip(_ cipher: any FieldCipher) async -> EncryptionStatus {
    let probe = Data("loyalty-security-diagnostics".utf8)
    do {
      let sealed = try await cipher.seal(probe)
      guard sealed != probe else {
        return .failed(reason: "the cipher returned the value unchanged")
      }
      guard try await cipher.open(sealed) == probe else {
        return .failed(reason: "a sealed value did not open to itself")
      }
      return .working
    } catch {
      return .failed(reason: "a round trip with the key failed: \(Self.reason(error))")
    }
  }

  /// An error's code and message, which never hold a secret, or its type.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? LoyaltyError { return "\(error.code.name): \(error.message)" }
    return String(describing: type(of: error))
  }
}
