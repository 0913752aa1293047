import Foundation
import LoyaltyCore
import LoyaltySecurity
import LoyaltyStore

#if canImport(Security)
  import Security
#endif

// The blocks of Docs/Store.md, "Moving from the seed SDK".

private func movingFromTheSeed(configuration: LoyaltyConfiguration) async throws
  -> SeedImportReport?
{
  let seedImport = SeedImport(afterImport: .remove) {
    // The seed's key, read from the Keychain by the app (below); nil when there is none.
    guard let key = try await seedDatabaseKey() else { return nil }
    return try SealedBoxCipher(key: key)
  }
  let client = try await LoyaltyClient.start(
    configuration, modules: [SecurityModule(), StoreModule(seedImport: seedImport)])
  let report = try client.store.seedImportReport  // also one line in the log
  return report
}

#if canImport(Security)
  func seedDatabaseKey() async throws -> Data? {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: "com.warply.sdk.\(Bundle.main.bundleIdentifier ?? "")",
      kSecAttrAccount as String: "database_encryption_key",
      kSecReturnData as String: true,
      kSecMatchLimit as String: kSecMatchLimitOne,
    ]
    var item: CFTypeRef?
    guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess else { return nil }
    return item as? Data
  }
#else
  /// No Keychain here: no key.
  private func seedDatabaseKey() async throws -> Data? { nil }
#endif
