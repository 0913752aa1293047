import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where the directory's manifest and snapshot come from. ``NetworkSnapshotSource`` reads
/// them from the backend; tests and benchmarks bring their own.
public protocol DirectorySnapshotSource: Sendable {
  /// The current manifest, or ``DirectoryManifestAnswer/notModified`` when `etag` still
  /// names it (an HTTP 304, which costs no body).
  func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer
  /// The gzip-compressed snapshot `manifest` describes.
  func snapshot(for manifest: DirectoryManifest) async throws -> DirectorySnapshotBody
}

/// The answer to a manifest request.
public enum DirectoryManifestAnswer: Sendable, Hashable {
  /// The snapshot named by the ETag sent is still current.
  case notModified
  /// The current manifest, and the ETag to send next time.
  case manifest(DirectoryManifest, etag: String?)
}

/// A downloaded snapshot body, still compressed.
public struct DirectorySnapshotBody: Sendable, Hashable {
  /// The body's `Content-Type`, if any.
  public var contentType: String?
  /// The gzip bytes.
  public var body: Data

  /// Creates a body.
  public init(contentType: String? = "application/gzip", body: Data) {
    self.contentType = contentType
    self.body = body
  }
}
