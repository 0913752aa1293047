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

  /// The manifest, or `.notModified` when `etag` is still current.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/notOffered`` when the backend does not
  ///   offer the directory (``LoyaltyNetwork/NotOffered``: a 400, 404, 405 or 501, a
  ///   declined status, an answer without any of a manifest's fields);
  ///   ``LoyaltyCore/LoyaltyError/Code/directoryDownloadFailed`` for another error status;
  ///   ``LoyaltyCore/LoyaltyError/Code/directoryManifestInvalid`` for a manifest that
  ///   cannot be used.
  public func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer {
    var headers: HTTPHeaders = [:]
    if let etag { headers.add(name: "If-None-Match", value: etag) }
    var endpoint = Endpoint<ResponseEnvelope>(
      name: "directoryManifest", method: .get,
      path: "/api/mobile/v2/{appUUID}/directory/manifest", headers: headers)
    // Not in seed 000: a backend may not offer it (`NotOffered`).
    endpoint.isBeyondContract = true
    let response = try await network.response(for: endpoint)
    if response.status == 304 { return .notModified }
    try NotOffered.check(response, for: endpoint)
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
    if let status = envelope.status, status != 1 {
      throw NotOffered.error(call: endpoint.name, "it answered with status \(status)")
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
