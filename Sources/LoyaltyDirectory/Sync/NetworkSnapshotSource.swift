import LoyaltyCore
public import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the directory's manifest and snapshot from the backend (Docs/API.md, "Merchant
/// directory"):
///
/// - `GET /api/mobile/v2/{appUUID}/directory/manifest`, with `If-None-Match`;
/// - `GET /api/mobile/v2/{appUUID}/directory/snapshot/{version}`, a gzip body.
///
/// Both are signed like every standard call. The snapshot call is not retried by the
/// network's retry middleware (a retry would download it again); the next scheduled
/// sync is the retry. Its size counts against `network.maxResponseBytes`.
public struct NetworkSnapshotSource: DirectorySnapshotSource {
  private let network: NetworkClient

  /// Creates a source over `network`.
  public init(network: NetworkClient) {
    self.network = network
  }

  public func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer {
    var headers: HTTPHeaders = [:]
    if let etag { headers.add(name: "If-None-Match", value: etag) }
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "directoryManifest", method: .get,
      path: "/api/mobile/v2/{appUUID}/directory/manifest", headers: headers)
    let response = try await network.response(for: endpoint)
    if response.status == 304 { return .notModified }
    guard response.isSuccess else {
      throw LoyaltyError(
        .directoryDownloadFailed, "The directory manifest answered HTTP \(response.status).",
        metadata: ["endpoint": endpoint.name, "status": String(response.status)])
    }
    let envelope: ResponseEnvelope
    do {
      envelope = try ResponseEnvelope(httpStatus: response.status, body: response.body)
    } catch {
      throw LoyaltyError(
        .directoryManifestInvalid, "The directory manifest is not a JSON envelope.",
        underlying: error)
    }
    let manifest = try DirectoryManifest(json: .object(envelope.fields))
    return .manifest(manifest, etag: response.headers["ETag"])
  }

  public func snapshot(for manifest: DirectoryManifest) async throws -> DirectorySnapshotBody {
    var endpoint = Endpoint<ResponseEnvelope>(
      name: "directorySnapshot", method: .get,
      path: "/api/mobile/v2/{appUUID}/directory/snapshot/{version}",
      parameters: ["version": String(manifest.version)], headers: ["Accept": "application/gzip"])
    endpoint.allowsRetries = false
    let response = try await network.response(for: endpoint)
    guard response.isSuccess else {
      throw LoyaltyError(
        .directoryDownloadFailed, "The directory snapshot answered HTTP \(response.status).",
        metadata: ["endpoint": endpoint.name, "status": String(response.status)])
    }
    return DirectorySnapshotBody(contentType: response.headers["Content-Type"], body: response.body)
  }
}
