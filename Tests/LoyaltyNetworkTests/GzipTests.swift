import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("Gzip")
struct GzipTests {
  @Test("round trips", arguments: [0, 1, 1_000, 300_000])
  func roundTrip(_ size: Int) throws {
    let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 * 31 % 251) })
    let compressed = try Gzip.compress(data)
    #expect(Gzip.isCompressed(compressed))
    #expect(try Gzip.decompress(compressed) == data)
  }

  @Test("corrupt, truncated and oversized input are typed errors")
  func badInput() throws {
    let compressed = try Gzip.compress(Data(repeating: 7, count: 10_000))
    for bad in [Data("not gzip".utf8), compressed.prefix(compressed.count / 2), Data()] {
      #expect(throws: LoyaltyError.self) { try Gzip.decompress(bad) }
    }
    let error = try #require(throws: LoyaltyError.self) {
      try Gzip.decompress(compressed, limit: 1_000)
    }
    #expect(error.code == .decompressionFailed)
  }
}
