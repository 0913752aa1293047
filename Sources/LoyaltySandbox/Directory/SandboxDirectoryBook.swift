import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The directory snapshots the sandbox serves: the published one, and a one-shot bad
/// variant while a ``SandboxDirectoryFault`` is pending.
struct SandboxDirectoryBook: Sendable {
  /// One servable snapshot: its manifest fields and gzip body.
  struct Snapshot: Sendable {
    let version: Int
    let schemaVersion: Int
    let size: Int
    let sha256: String
    let gzip: Data

    var etag: String { "\"directory-\(version)-\(sha256.prefix(12))\"" }

    var manifest: JSONValue {
      .object([
        "version": .integer(version), "size": .integer(size), "sha256": .string(sha256),
        "schemaVersion": .integer(schemaVersion), "compressedSize": .integer(gzip.count),
      ])
    }

    init(version: Int, schemaVersion: Int, sqlite: Data, sha256: String? = nil) {
      self.version = version
      self.schemaVersion = schemaVersion
      self.size = sqlite.count
      self.sha256 = sha256 ?? Self.hex(PortableSHA256.digest(Array(sqlite)))
      self.gzip = (try? Gzip.compress(sqlite)) ?? Data()
    }

    static func hex(_ bytes: [UInt8]) -> String {
      let digits = Array("0123456789abcdef".utf8)
      var text: [UInt8] = []
      for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  var published: Snapshot?
  /// The SQLite bytes of the published snapshot, to build bad variants from.
  var publishedSQLite = Data()
  var pending: SandboxDirectoryFault?
  var variant: Snapshot?
  var nextVersion = 1

  /// The snapshot the next manifest announces: a bad variant when a fault is pending.
  mutating func announce() -> Snapshot? {
    guard let published else { return nil }
    guard let fault = pending else { return published }
    pending = nil
    let version = max(nextVersion, published.version + 1)
    nextVersion = version + 1
    var bytes = publishedSQLite
    let variant: Snapshot
    switch fault {
    case .wrongHash:
      variant = Snapshot(
        version: version, schemaVersion: published.schemaVersion, sqlite: bytes,
        sha256: String(repeating: "0", count: 64))
    case .corruptFile:
      let pageSize = 4_096
      if bytes.count > pageSize {
        let end = bytes.count
        for index in pageSize..<end { bytes[index] = UInt8(truncatingIfNeeded: index &* 31 ^ 0xA5) }
      }
      variant = Snapshot(version: version, schemaVersion: published.schemaVersion, sqlite: bytes)
    case .unknownSchema, .unknownSchemaInFile:
      // `PRAGMA user_version` is the big-endian integer at offset 60 of the header.
      if bytes.count >= 64 {
        bytes[60] = 0
        bytes[61] = 0
        bytes[62] = 0
        bytes[63] = 99
      }
      variant = Snapshot(
        version: version, schemaVersion: fault == .unknownSchema ? 99 : published.schemaVersion,
        sqlite: bytes)
    }
    self.variant = variant
    return variant
  }

  /// The snapshot of `version`, if the sandbox serves it.
  func snapshot(version: Int) -> Snapshot? {
    if let published, published.version == version { return published }
    if let variant, variant.version == version { return variant }
    return nil
  }
}
