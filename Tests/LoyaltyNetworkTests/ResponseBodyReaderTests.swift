import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@Suite("ResponseBodyReader")
struct ResponseBodyReaderTests {
  static let limit = ResponseSizeLimit(bytes: 64 * 1_024)

  /// `data` fed to a reader in pieces of `piece` bytes.
  static func read(
    _ data: Data, headers: HTTPHeaders, piece: Int = 1_000, limit: ResponseSizeLimit = limit
  ) throws -> HTTPResponse {
    let reader = try ResponseBodyReader(headers: headers, limit: limit, host: "example.test")
    var offset = data.startIndex
    while offset < data.endIndex {
      let end = min(offset + piece, data.endIndex)
      try reader.append(data[offset..<end])
      offset = end
    }
    #expect(reader.receivedBytes == data.count)
    return try reader.finish(status: 200)
  }

  @Test(
    "a plain body comes back as it arrived, whatever the size of its pieces",
    arguments: [1, 7, 4_096])
  func plain(piece: Int) throws {
    let data = Data((0..<20_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
    let response = try Self.read(data, headers: ["Content-Type": "application/json"], piece: piece)
    #expect(response.body == data)
    #expect(response.status == 200)
  }

  @Test(
    "a gzip body is inflated as it streams, its Content-Encoding removed",
    arguments: [1, 2, 3, 512])
  func inflated(piece: Int) throws {
    let data = Data(String(repeating: #"{"points":12},"#, count: 2_000).utf8)
    let response = try Self.read(
      try Gzip.compress(data), headers: ["Content-Encoding": "gzip", "X-Kept": "yes"],
      piece: piece)
    #expect(response.body == data)
    #expect(response.headers["Content-Encoding"] == nil)
    #expect(response.headers["X-Kept"] == "yes")
  }

  @Test("a gzip file without that encoding, or a plain body labelled gzip, stays as it came")
  func notInflated() throws {
    let file = try Gzip.compress(Data("archive".utf8))
    let served = try Self.read(file, headers: ["Content-Type": "application/gzip"])
    #expect(served.body == file)
    let labelled = try Self.read(Data("{}".utf8), headers: ["Content-Encoding": "gzip"])
    #expect(labelled.body == Data("{}".utf8))
    #expect(labelled.headers["Content-Encoding"] == "gzip")
    let single = try Self.read(Data("x".utf8), headers: ["Content-Encoding": "gzip"])
    #expect(single.body == Data("x".utf8))
  }

  @Test("a Content-Length over the limit is refused before any byte")
  func declaredTooLarge() throws {
    let error = try #require(throws: LoyaltyError.self) {
      _ = try ResponseBodyReader(
        headers: ["Content-Length": " 65537 "], limit: Self.limit, host: "example.test")
    }
    #expect(error.code == .responseTooLarge)
    #expect(error.metadata["limit"] == "65536")
    #expect(error.metadata["host"] == "example.test")
  }

  @Test("a body over the limit without Content-Length is refused once past it")
  func streamedTooLarge() throws {
    let error = try #require(throws: LoyaltyError.self) {
      _ = try Self.read(Data(count: 65_537), headers: [:], piece: 4_096)
    }
    #expect(error.code == .responseTooLarge)
    #expect(try Self.read(Data(count: 65_536), headers: [:]).body.count == 65_536)
  }

  @Test("a gzip bomb is refused on its decompressed size")
  func bomb() throws {
    let bomb = try Gzip.compress(Data(count: 10 * 1_024 * 1_024))
    #expect(bomb.count < Self.limit.bytes)
    let error = try #require(throws: LoyaltyError.self) {
      _ = try Self.read(bomb, headers: ["Content-Encoding": "gzip"])
    }
    #expect(error.code == .responseTooLarge)
    #expect(error.metadata["limit"] == "65536")
  }

  @Test("a corrupt or truncated gzip body fails decompression")
  func corrupt() throws {
    let compressed = try Gzip.compress(Data(repeating: 7, count: 10_000))
    let cut = try #require(throws: LoyaltyError.self) {
      _ = try Self.read(
        compressed.prefix(compressed.count / 2), headers: ["Content-Encoding": "gzip"])
    }
    #expect(cut.code == .decompressionFailed)
    var broken = compressed
    broken[12] ^= 0xFF
    broken[13] ^= 0xFF
    let corrupt = try #require(throws: LoyaltyError.self) {
      _ = try Self.read(broken, headers: ["Content-Encoding": "gzip"])
    }
    #expect(corrupt.code == .decompressionFailed)
  }

  @Test("a declared gzip body is judged by its first two bytes: exactly the magic is gzip")
  func twoBytes() throws {
    let headers: HTTPHeaders = ["Content-Encoding": "gzip"]
    // The magic alone is a gzip stream cut short, not a plain body of two bytes.
    let cut = try #require(throws: LoyaltyError.self) {
      _ = try Self.read(Data([0x1f, 0x8b]), headers: headers, piece: 2)
    }
    #expect(cut.code == .decompressionFailed)
    // Two other bytes are a plain body, kept as they came, in one piece or two.
    for piece in [1, 2] {
      let plain = try Self.read(Data("{}".utf8), headers: headers, piece: piece)
      #expect(plain.body == Data("{}".utf8))
    }
  }
}
