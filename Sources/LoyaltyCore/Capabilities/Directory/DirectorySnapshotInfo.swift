#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the directory currently serves from.
public struct DirectorySnapshotInfo: Sendable, Hashable, Codable {
  /// The snapshot's version, as its manifest numbers it.
  public var version: Int
  /// The schema version the snapshot was written with.
  public var schemaVersion: Int
  /// How many merchants it holds.
  public var merchantCount: Int
  /// When it was installed, by the SDK's clock.
  public var installedAt: Date
  /// The fields read through a fallback (an older name, or a default) and how often:
  /// `["enabled<-acceptsDash": 120, "enabled<-default": 3]`. Tolerated, never silent.
  public var fallbacks: [String: Int]
  /// Whether searches run on FTS5 (`false`: the system SQLite lacks it and a slower
  /// substring scan is used).
  public var fullTextSearch: Bool

  /// Creates the description of a snapshot.
  public init(
    version: Int, schemaVersion: Int, merchantCount: Int, installedAt: Date,
    fallbacks: [String: Int] = [:], fullTextSearch: Bool = true
  ) {
    self.version = version
    self.schemaVersion = schemaVersion
    self.merchantCount = merchantCount
    self.installedAt = installedAt
    self.fallbacks = fallbacks
    self.fullTextSearch = fullTextSearch
  }
}

extension DirectorySnapshotInfo {
  /// Decodes the description of a snapshot; every field is required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    version = try container.decode("version")
    schemaVersion = try container.decode("schemaVersion")
    merchantCount = try container.decode("merchantCount")
    installedAt = try container.decode("installedAt")
    fallbacks = try container.decode("fallbacks")
    fullTextSearch = try container.decode("fullTextSearch")
  }

  /// Encodes every field.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(version, "version")
    try container.encode(schemaVersion, "schemaVersion")
    try container.encode(merchantCount, "merchantCount")
    try container.encode(installedAt, "installedAt")
    try container.encode(fallbacks, "fallbacks")
    try container.encode(fullTextSearch, "fullTextSearch")
  }
}
