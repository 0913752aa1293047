import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the seed SDK's token row as a ``LoyaltyCore/TokenPair``, opening sealed tokens
/// with the host's cipher.
///
/// The seed tells the two apart as it does: a token that starts with `eyJ` (a JWT) is in
/// clear; one that is valid Base64 of at least a sealed box's 28 bytes (`nonce (12) +
/// ciphertext + tag (16)`) is sealed; anything else is in clear. The client identifier
/// and secret are opened when they look sealed and the cipher opens them, and read as
/// they are otherwise. The cipher is asked for only when a token is sealed.
struct SeedTokenOpener {
  /// The opened pair, or why there is none.
  enum Outcome {
    case tokens(TokenPair)
    case skipped(SeedImportReport.TokenSkipReason)
  }

  /// The smallest sealed box: a 12-byte nonce and a 16-byte tag around no ciphertext.
  private static let sealedBoxMinimum = 28

  let cipherProvider: SeedImport.TokenCipherProvider?
  let logger: LoyaltyLogger

  func open(_ row: SeedDatabaseReader.Tokens?) async -> Outcome {
    guard let row, let access = row.accessToken, !access.isEmpty else {
      return .skipped(.noTokens)
    }
    let refresh = row.refreshToken ?? ""
    var cipher: (any FieldCipher)?
    let accessBox = Self.sealedBox(access)
    let refreshBox = Self.sealedBox(refresh)
    var accessToken = access
    var refreshToken = refresh
    if accessBox != nil || refreshBox != nil {
      guard let cipherProvider else { return .skipped(.noCipher) }
      do {
        cipher = try await cipherProvider()
      } catch {
        logger.warning("The cipher for the seed SDK's tokens could not be made: \(error)")
        return .skipped(.cipherUnavailable)
      }
      guard let cipher else { return .skipped(.noCipher) }
      do {
        if let accessBox { accessToken = try await Self.openText(accessBox, with: cipher) }
        if let refreshBox { refreshToken = try await Self.openText(refreshBox, with: cipher) }
      } catch {
        logger.warning("The seed SDK's sealed tokens could not be opened: \(error)")
        return .skipped(.cannotOpen)
      }
      guard !accessToken.isEmpty else { return .skipped(.noTokens) }
    }
    return .tokens(
      TokenPair(
        accessToken: accessToken, refreshToken: refreshToken,
        clientID: await Self.credential(row.clientID, with: cipher),
        clientSecret: await Self.credential(row.clientSecret, with: cipher)))
  }

  /// The box `value` holds when the seed would take it for a sealed one.
  static func sealedBox(_ value: String) -> Data? {
    guard !value.hasPrefix("eyJ"), let box = Data(base64Encoded: value),
      box.count >= sealedBoxMinimum
    else { return nil }
    return box
  }

  private static func openText(_ box: Data, with cipher: any FieldCipher) async throws -> String {
    let opened = try await cipher.open(box)
    guard let text = String(data: opened, encoding: .utf8) else {
      throw LoyaltyError(.storedValueUnreadable, "An opened token is not valid UTF-8 text.")
    }
    return text
  }

  /// A client credential: opened when it looks sealed and the cipher opens it, otherwise
  /// as it is; `nil` when empty.
  private static func credential(_ value: String?, with cipher: (any FieldCipher)?) async
    -> String?
  {
    guard let value, !value.isEmpty else { return nil }
    if let cipher, let box = sealedBox(value),
      let opened = try? await openText(box, with: cipher)
    {
      return opened
    }
    return value
  }
}
