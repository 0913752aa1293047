import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@testable import LoyaltyDirectory

/// A fresh folder under the temporary directory, removed by `cleanup()`.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "directory-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The snapshot and download files in the folder.
  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
      .filter { $0 != "current" }.sorted()
  }

  func cleanup() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// A snapshot source serving what the test publishes, with ETags.
final class TestSnapshotSource: DirectorySnapshotSource {
  private struct Published {
    var manifest: DirectoryManifest
    var body: DirectorySnapshotBody
    var etag: String
  }

  private let published = Locked<Published?>(nil)
  private let manifestCalls = Locked(0)
  private let snapshotCalls = Locked(0)

  /// Publishes `merchants` as `version` in `schemaVersion`.
  func publish(
    _ merchants: [DirectoryMerchant], version: Int, schemaVersion: Int = 3,
    unsetEnabled: Set<Int> = []
  ) throws {
    let sqlite = try DirectorySnapshotWriter.data(
      merchants, schemaVersion: schemaVersion, unsetEnabled: unsetEnabled)
    publish(sqlite: sqlite, version: version, schemaVersion: schemaVersion)
  }

  /// Publishes raw SQLite bytes; `manifestSchema`/`sha256` override the manifest's fields.
  func publish(
    sqlite: Data, version: Int, schemaVersion: Int, sha256: String? = nil,
    body: Data? = nil
  ) {
    var digest = PortableSHA256.Hasher()
    sqlite.withUnsafeBytes { digest.update($0) }
    let manifest = DirectoryManifest(
      version: version, size: sqlite.count, sha256: sha256 ?? digest.hexDigest(),
      schemaVersion: schemaVersion)
    let gzip = body ?? ((try? Gzip.compress(sqlite)) ?? Data())
    published.withLock {
      $0 = Published(
        manifest: manifest, body: DirectorySnapshotBody(body: gzip), etag: "\"v\(version)\"")
    }
  }

  var manifestRequests: Int { manifestCalls.withLock { $0 } }
  var snapshotRequests: Int { snapshotCalls.withLock { $0 } }

  func manifest(ifNoneMatch etag: String?) async throws -> DirectoryManifestAnswer {
    manifestCalls.withLock { $0 += 1 }
    guard let current = published.withLock({ $0 }) else {
      throw LoyaltyError(.httpStatus, "Nothing published.")
    }
    if let etag, etag == current.etag { return .notModified }
    return .manifest(current.manifest, etag: current.etag)
  }

  func snapshot(for manifest: DirectoryManifest) async throws -> DirectorySnapshotBody {
    snapshotCalls.withLock { $0 += 1 }
    guard let current = published.withLock({ $0 }) else {
      throw LoyaltyError(.httpStatus, "Nothing published.")
    }
    return current.body
  }
}

/// A file writer whose disk fills up after `capacity` bytes.
struct FullDiskWriter: DirectoryFileWriter {
  let capacity: Int

  func create(at url: URL) throws -> any DirectoryFileSink {
    FullDiskSink(inner: try PosixDirectoryFileWriter().create(at: url), capacity: capacity)
  }
}

final class FullDiskSink: DirectoryFileSink {
  private let inner: any DirectoryFileSink
  private var left: Int

  init(inner: any DirectoryFileSink, capacity: Int) {
    self.inner = inner
    self.left = capacity
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard bytes.count <= left else {
      throw PosixFileSink.failure("Writing the snapshot", errno: ENOSPC)
    }
    left -= bytes.count
    try inner.write(bytes)
  }

  func synchronize() throws { try inner.synchronize() }
  func close() { inner.close() }
}

/// Expects `body` to throw a ``LoyaltyError`` with `code`.
func expectCode(
  _ code: LoyaltyError.Code, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async {
  do {
    try await body()
    Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
  } catch let error as LoyaltyError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
  } catch {
    Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
  }
}

/// A client on the sandbox with the directory module, the sandbox publishing its
/// fixtures and answering in `envelope` and `listForm`, with `metrics` installed when
/// given.
struct SandboxDirectoryHarness {
  let client: LoyaltyClient
  let backend: SandboxBackend
  let folder: TemporaryFolder

  init(
    fixtures: Int = 40, publish: Bool = true,
    writer: any DirectoryFileWriter = PosixDirectoryFileWriter(),
    envelope: SandboxEnvelope = .context, listForm: SandboxListForm = .keyed,
    metrics: (any MetricsRecorder)? = nil
  ) async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", merchantID: "m-1", apiKey: "key",
      bundleID: "com.example.directory",
      environment: .custom(URL(string: "https://sandbox.test") ?? URL(fileURLWithPath: "/")),
      language: "en", preset: .testing)
    // Analytics on (the testing preset starts with it off, as the seed's does).
    configuration.privacy.enabled.insert(.analytics)
    backend = SandboxBackend(
      configuration: SandboxConfiguration(
        matching: configuration, envelope: envelope, listForm: listForm))
    if publish {
      backend.publishDirectorySnapshot(
        try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: fixtures)),
        schemaVersion: DirectorySchema.currentVersion)
    }
    folder = try TemporaryFolder()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    if let metrics {
      overrides.override(.metricsRecorder, with: metrics)
    }
    client = try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(),
        DirectoryModule(
          configuration: DirectoryConfiguration(folder: folder.url, fileWriter: writer)),
      ],
      overrides: overrides)
  }

  func stop() async {
    await client.shutdown()
    folder.cleanup()
  }
}
