import LoyaltyConformance
import LoyaltyCore
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

  @Test("distance is the great-circle distance in metres")
  func distance() {
    let athens = DirectoryLocation(latitude: 37.9838, longitude: 23.7275)
    let piraeus = DirectoryLocation(latitude: 37.9429, longitude: 23.6469)
    let metres = athens.distance(to: piraeus)
    #expect(metres > 8_300 && metres < 8_500, "\(metres)")
  }
}
