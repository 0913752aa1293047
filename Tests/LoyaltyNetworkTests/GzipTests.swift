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

  @Test("only the two magic bytes, in order, mark a body gzip")
  func magicBytes() {
    #expect(!Gzip.isCompressed(Data()))
    #expect(!Gzip.isCompressed(Data([0x1f])))
    #expect(!Gzip.isCompressed(Data([0x1f, 0x00])))
    #expect(!Gzip.isCompressed(Data([0x00, 0x8b])))
    #expect(Gzip.isCompressed(Data([0x1f, 0x8b])))
    #expect(Gzip.isCompressed(Data([0xff, 0x1f, 0x8b]).dropFirst()))
  }

  @Test("a body of exactly the limit decompresses; a byte over, it is refused")
  func limitIsInclusive() throws {
    let data = Data(repeating: 3, count: 1_000)
    let compressed = try Gzip.compress(data)
    #expect(try Gzip.decompress(compressed, limit: 1_000) == data)
    #expect(throws: LoyaltyError.self) { try Gzip.decompress(compressed, limit: 999) }
  }

  @Test(
    "output that fills whole chunks, or outgrows its input, decompresses whole",
    arguments: [64 * 1_024, 128 * 1_024, 1 << 20])
  func wholeChunks(count: Int) throws {
    // zlib's last call then gives no byte and ends the stream: not a truncation.
    let zeros = Data(repeating: 0, count: count)
    #expect(try Gzip.decompress(Gzip.compress(zeros)) == zeros)
  }

  @Test("the stream decoder gives all the output of input it took in one piece")
  func streamDecoderDrainsItsOutput() throws {
    let zeros = Data(repeating: 0, count: 1 << 20)
    let compressed = try Gzip.compress(zeros)
    let decoder = try GzipStreamDecoder(chunkSize: 4_096)
    var output = Data()
    try compressed.withUnsafeBytes { raw in
      try decoder.feed(raw) { output.append(contentsOf: $0) }
    }
    try decoder.finish()
    #expect(output == zeros)

    // Fed a byte at a time, the header's bytes give nothing: no empty chunk is passed on.
    let text = Data("a body worth compressing, a body worth compressing".utf8)
    let bytewise = try GzipStreamDecoder(chunkSize: 4_096)
    var chunks: [Data] = []
    for byte in try Gzip.compress(text) {
      try withUnsafeBytes(of: byte) { raw in
        try bytewise.feed(raw) { chunks.append(Data($0)) }
      }
    }
    try bytewise.finish()
    #expect(chunks.allSatisfy { !$0.isEmpty })
    #expect(Data(chunks.joined()) == text)
  }
}
