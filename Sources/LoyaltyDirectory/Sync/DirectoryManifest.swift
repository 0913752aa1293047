public import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the server says about its current snapshot: `GET .../directory/manifest`.
///
/// ```json
/// {"status": "1", "context": {"directory": {"version": 7, "size": 81920,
///   "sha256": "9f86...", "schemaVersion": 3, "compressedSize": 20480}}}
/// ```
public struct DirectoryManifest: Sendable, Hashable, Codable {
  /// The snapshot's version, increasing with each publication.
  public var version: Int
  /// The size of the decompressed SQLite file, in bytes.
  public var size: Int
  /// The SHA-256 of the decompressed SQLite file, 64 lowercase hex digits.
  public var sha256: String
  /// The schema version the file was written with.
  public var schemaVersion: Int
  /// The size of the gzip body, if the server says (for the progress bar).
  public var compressedSize: Int?

  /// Creates a manifest.
  public init(
    version: Int, size: Int, sha256: String, schemaVersion: Int, compressedSize: Int? = nil
  ) {
    self.version = version
    self.size = size
    self.sha256 = sha256
    self.schemaVersion = schemaVersion
    self.compressedSize = compressedSize
  }

  /// Reads a manifest from the flattened envelope's `directory` object (or from a body
  /// holding the fields at its top level).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/directoryManifestInvalid`` naming the
  ///   field; ``LoyaltyCore/LoyaltyError/Code/notOffered`` when the value holds none of a
  ///   manifest's fields.
  public init(json value: JSONValue) throws {
    // Under `directory` (ours), under `result` (the seed's other placement), or the
    // fields themselves.
    let result = value["result"]
    let object =
      value["directory"]?.objectValue ?? result?["directory"]?.objectValue
      ?? result?.objectValue ?? value.objectValue ?? [:]
    // None of a manifest's fields (an empty success, another call's answer): the
    // backend does not offer the directory.
    guard Self.fields.contains(where: { object[$0] != nil }) else {
      throw NotOffered.error(call: "directoryManifest", "the answer holds no manifest")
    }
    func integer(_ key: String) throws -> Int {
      guard let number = object[key]?.looseInt else {
        throw LoyaltyError(
          .directoryManifestInvalid, "The directory manifest has no integer \"\(key)\".",
          metadata: ["field": key])
      }
      return number
    }
    let hash = object["sha256"]?.stringValue?.lowercased() ?? ""
    // ASCII hex only: `Character.isHexDigit` also accepts the fullwidth digits and letters.
    guard hash.utf8.count == 64, hash.utf8.allSatisfy(Self.isLowercaseHexDigit) else {
      throw LoyaltyError(
        .directoryManifestInvalid, "The directory manifest's sha256 is not 64 hex digits.",
        metadata: ["field": "sha256"])
    }
    let size = try integer("size")
    guard size > 0 else {
      throw LoyaltyError(
        .directoryManifestInvalid, "The directory manifest's size is not positive.",
        metadata: ["field": "size"])
    }
    self.init(
      version: try integer("version"), size: size, sha256: hash,
      schemaVersion: try integer("schemaVersion"),
      compressedSize: try? integer("compressedSize"))
  }

  /// A manifest's fields: an answer with none of them holds no manifest.
  private static let fields = ["version", "size", "sha256", "schemaVersion"]

  private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }

  /// The manifest as the server sends it, inside `directory`.
  public var json: JSONValue {
    var object: [String: JSONValue] = [
      "version": .integer(version), "size": .integer(size), "sha256": .string(sha256),
      "schemaVersion": .integer(schemaVersion),
    ]
    if let compressedSize { object["compressedSize"] = .integer(compressedSize) }
    return .object(object)
  }
}
