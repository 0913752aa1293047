import Foundation
import LoyaltyCore
import LoyaltyNetwork
import Testing

@testable import LoyaltyDirectory

@Suite("Directory streaming: digest and gzip")
struct StreamingTests {
  @Test("the streamed SHA-256 matches the one-shot digest across chunk boundaries")
  func digest() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let expected = PortableSHA256.digest(bytes).map { String(format: "%02x", $0) }.joined()
    for chunk in [1, 7, 63, 64, 65, 1_000, 10_000] {
      var digest = PortableSHA256.Hasher()
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let end = min(raw.count, offset + chunk)
          digest.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
          offset = end
        }
      }
      #expect(digest.hexDigest() == expected, "chunk \(chunk)")
    }
    var empty = PortableSHA256.Hasher()
    #expect(
      empty.hexDigest() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test(
    "the streamed SHA-256 gives the FIPS 180-4 test vectors, fed in pieces",
    arguments: [1, 3, 64, 1_000])
  func vectors(piece: Int) {
    let vectors: [(input: [UInt8], hex: String)] = [
      (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
      ),
    ]
    for vector in vectors {
      var hasher = PortableSHA256.Hasher()
      vector.input.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let end = min(raw.count, offset + piece)
          hasher.update(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
          offset = end
        }
      }
      #expect(hasher.hexDigest() == vector.hex, "\(vector.input.count) bytes in pieces of \(piece)")
    }
  }

  @Test("gzip decodes piece by piece; a truncated stream and trailing bytes are errors")
  func gzip() throws {
    let text = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    let compressed = try Gzip.compress(text)
    for piece in [1, 100, 65_536] {
      let decoder = try GzipStreamDecoder(chunkSize: 4_096)
      var output = Data()
      try compressed.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let end = min(raw.count, offset + piece)
          try decoder.feed(UnsafeRawBufferPointer(rebasing: raw[offset..<end])) { chunk in
            #expect(chunk.count <= 4_096)
            output.append(contentsOf: chunk)
          }
          offset = end
        }
      }
      try decoder.finish()
      #expect(output == text, "piece \(piece)")
    }
    let cut = try GzipStreamDecoder()
    try compressed.prefix(compressed.count / 2).withUnsafeBytes { raw in
      try cut.feed(raw) { _ in }
    }
    #expect(throws: LoyaltyError.self) { try cut.finish() }
    let trailing = try GzipStreamDecoder()
    #expect(throws: LoyaltyError.self) {
      try (compressed + Data([1, 2, 3])).withUnsafeBytes { raw in try trailing.feed(raw) { _ in } }
    }
  }

  @Test("a manifest without a field names it")
  func manifest() throws {
    let good = try DirectoryManifest(
      json: .object([
        "directory": .object([
          "version": 3, "size": "100", "sha256": .string(String(repeating: "a", count: 64)),
          "schemaVersion": 3,
        ])
      ]))
    #expect(good.version == 3 && good.size == 100)
    do {
      _ = try DirectoryManifest(json: .object(["directory": .object(["version": 1])]))
      Issue.record("expected an error")
    } catch let error as LoyaltyError {
      #expect(error.code == .directoryManifestInvalid)
      #expect(error.metadata["field"] == "sha256")
    }
  }

  @Test("a manifest is read under `directory`, under `result`, or as the fields themselves")
  func manifestPlacements() throws {
    let fields: JSONValue = .object([
      "version": 4, "size": 100, "sha256": .string(String(repeating: "b", count: 64)),
      "schemaVersion": 3,
    ])
    for json: JSONValue in [
      .object(["directory": fields]), .object(["result": .object(["directory": fields])]),
      .object(["result": fields]), fields,
    ] {
      let manifest = try DirectoryManifest(json: json)
      #expect(manifest.version == 4 && manifest.size == 100, "\(json)")
    }
  }

  @Test(
    "a manifest's sha256 must be 64 ASCII hex digits",
    arguments: [
      String(repeating: "\u{FF10}", count: 64),  // fullwidth zero: a hex digit to Character
      String(repeating: "\u{FF41}", count: 64),  // fullwidth a
      String(repeating: "g", count: 64),
      String(repeating: "a", count: 63),
      String(repeating: "a", count: 65),
    ])
  func manifestHash(_ hash: String) throws {
    func manifest(_ sha256: String) -> JSONValue {
      .object(["version": 3, "size": 100, "sha256": .string(sha256), "schemaVersion": 3])
    }
    #expect(throws: LoyaltyError.self) { try DirectoryManifest(json: manifest(hash)) }
    let upper = try DirectoryManifest(json: manifest(String(repeating: "AB", count: 32)))
    #expect(upper.sha256 == String(repeating: "ab", count: 32))
  }
}
