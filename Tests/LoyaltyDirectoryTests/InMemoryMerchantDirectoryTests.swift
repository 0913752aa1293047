import LoyaltyConformance
import LoyaltyCore
import LoyaltyDirectory
import Testing

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite("InMemoryMerchantDirectory")
struct InMemoryMerchantDirectoryTests {
  @Test("passes the MerchantDirectory conformance suite")
  func conformance() async throws {
    try await MerchantDirectoryConformance.check(
      empty: { InMemoryMerchantDirectory() },
      filled: { merchants in
        InMemoryMerchantDirectory(
          merchants: merchants,
          info: DirectorySnapshotInfo(
            version: 1, schemaVersion: 3, merchantCount: merchants.count,
            installedAt: Date(timeIntervalSince1970: 0)))
      })
  }

  @Test("folding lowers case, strips Greek and Latin accents and folds final sigma")
  func folding() {
    #expect(DirectoryTextFolding.fold("Καφέ ΛΟΥΜΊΔΗΣ") == "καφε λουμιδησ")
    #expect(DirectoryTextFolding.fold("Café Brûlé") == "cafe brule")
    #expect(DirectoryTextFolding.words("Αιόλου 106, Αθήνα") == ["αιολου", "106", "αθηνα"])
  }
}
