import Foundation
import LoyaltyCore
import Testing

@Suite("Base64URL")
struct Base64URLTests {
  @Test("encodes with the URL alphabet, unpadded by default")
  func encodes() {
    let bytes = Data([0xfb, 0xff, 0xbf])
    #expect(Base64URL.encode(bytes) == "-_-_")
    #expect(Base64URL.encode(Data("a".utf8)) == "YQ")
    #expect(Base64URL.encode(Data("a".utf8), padded: true) == "YQ==")
    #expect(Base64URL.encode(Data()) == "")
  }

  @Test("decodes with or without padding")
  func decodes() {
    #expect(Base64URL.decode("YQ") == Data("a".utf8))
    #expect(Base64URL.decode("YQ==") == Data("a".utf8))
    #expect(Base64URL.decode("YWI") == Data("ab".utf8))
    #expect(Base64URL.decode("YWI=") == Data("ab".utf8))
    #expect(Base64URL.decode("-_-_") == Data([0xfb, 0xff, 0xbf]))
    #expect(Base64URL.decode("") == Data())
  }

  @Test("round-trips every length")
  func roundTrips() {
    for length in 0..<40 {
      let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 250) })
      #expect(Base64URL.decode(Base64URL.encode(data)) == data)
      #expect(Base64URL.decode(Base64URL.encode(data, padded: true)) == data)
    }
  }

  @Test(
    "rejects bad text", arguments: ["a", "abcde", "YQ=", "YQ===", "Y=Q=", "a+b/", "ab cd", "é"])
  func rejects(text: String) {
    #expect(Base64URL.decode(text) == nil)
  }
}
