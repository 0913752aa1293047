import LoyaltyCore
import LoyaltyNetwork
import LoyaltyStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Downloads, verifies and installs directory snapshots.
///
/// One sync at a time: a second caller waits for the running one and gets its result.
/// A sync that fails any check (download, size, hash, gzip, `PRAGMA integrity_check`,
/// schema version, disk) deletes its download and leaves the installed snapshot
/// serving.
///
/// With a metrics recorder, each sync (not each caller joining it) is counted as
/// `loyalty_directory_syncs` and timed as `loyalty_directory_sync_duration`, both with
/// its `outcome`.
actor DirectorySync {
  private let source: any DirectorySnapshotSource
  private let storage: DirectoryStorage
  private let pool: DirectorySnapshotPool
  private let writer: any DirectoryFileWriter
  private let clock: any LoyaltyClock
  private let logger: LoyaltyLogger
  private let fullText: Bool
  private let progress: DirectoryProgressBroadcaster
  private let executor: BlockingExecutor
  private let metrics: (any MetricsRecorder)?
  private var etag: String?
  private var running: Task<DirectorySyncOutcome, any Error>?

  /// The decompression's input slice and output chunk, in bytes: what bounds the memory
  /// a sync needs beyond the body the transport hands over.
  static let chunkSize = 64 * 1_024

  init(
    source: any DirectorySnapshotSource, storage: DirectoryStorage, pool: DirectorySnapshotPool,
    writer: any DirectoryFileWriter, clock: any LoyaltyClock, logger: LoyaltyLogger,
    fullText: Bool, progress: DirectoryProgressBroadcaster, etag: String?,
    executor: BlockingExecutor, metrics: (any MetricsRecorder)? = nil
  ) {
    self.executor = executor
    self.metrics = metrics
    self.source = source
    self.storage = storage
    self.pool = pool
    self.writer = writer
    self.clock = clock
    self.logger = logger
    self.fullText = fullText
    self.progress = progress
    self.etag = etag
  }

  /// Syncs once, or joins the sync under way.
  func sync() async throws -> DirectorySyncOutcome {
    if let running { return try await running.value }
    let task = Task { try await self.perform() }
    running = task
    defer { running = nil }
    return try await task.value
  }

  private func perform() async throws -> DirectorySyncOutcome {
    guard let metrics else { return try await performUnmeasured() }
    let start = ContinuousClock.now
    do {
      let outcome = try await performUnmeasured()
      Self.record(
        outcome.isUpdated ? LoyaltyMetric.Outcome.updated : LoyaltyMetric.Outcome.notModified,
        since: start, in: metrics)
      return outcome
    } catch {
      Self.record(LoyaltyMetric.Outcome.failure(error), since: start, in: metrics)
      throw error
    }
  }

  private static func record(
    _ outcome: String, since start: ContinuousClock.Instant, in metrics: any MetricsRecorder
  ) {
    let elapsed = start.duration(to: .now)
    let dimensions = [LoyaltyMetric.Dimension(LoyaltyMetric.DimensionKey.outcome, outcome)]
    metrics.record(.counter(LoyaltyMetric.Name.directorySyncs, dimensions: dimensions))
    metrics.record(
      .timer(LoyaltyMetric.Name.directorySyncDuration, duration: elapsed, dimensions: dimensions))
  }

  private func performUnmeasured() async throws -> DirectorySyncOutcome {
    do {
      return try await run()
    } catch {
      progress.send(DirectorySyncProgress(phase: .failed))
      logger.warning("The directory sync failed; the previous snapshot keeps serving: \(error)")
      throw error
    }
  }

  private func run() async throws -> DirectorySyncOutcome {
    progress.send(DirectorySyncProgress(phase: .checking))
    let installed = pool.info
    let answer = try await download {
      try await source.manifest(ifNoneMatch: installed == nil ? nil : etag)
    }
    guard case .manifest(let manifest, let newETag) = answer else {
      progress.send(DirectorySyncProgress(phase: .notModified))
      return .notModified(installed)
    }
    if let installed, installed.version == manifest.version {
      etag = newETag ?? etag
      progress.send(DirectorySyncProgress(phase: .notModified))
      return .notModified(installed)
    }
    guard DirectorySchema.supportedVersions.contains(manifest.schemaVersion) else {
      throw Self.unsupported(manifest.schemaVersion)
    }
    progress.send(DirectorySyncProgress(phase: .downloading, totalBytes: manifest.size))
    let body = try await download { try await source.snapshot(for: manifest) }
    try Task.checkCancellation()
    // A transport may already have decoded the gzip body (LoyaltyURLSession decodes every
    // gzip body it receives): the SQLite file itself is accepted too, anything else not.
    let compressed = Gzip.isCompressed(body.body)
    guard compressed || Self.isSQLite(body.body) else {
      throw LoyaltyError(
        .directorySnapshotInvalidBody,
        "The directory snapshot is neither gzip nor SQLite (Content-Type "
          + "\(body.contentType ?? "none")).",
        metadata: ["contentType": body.contentType ?? ""])
    }
    let temporary = storage.temporaryURL()
    do {
      // Decompressing, hashing, writing, the integrity check, indexing and the fsyncs
      // block: they run on the directory's own thread, never on the cooperative pool.
      let info = try await executor.run { [self, storage, pool, progress] in
        try write(body.body, compressed: compressed, to: temporary, manifest: manifest)
        progress.send(
          DirectorySyncProgress(
            phase: .verifying, bytesWritten: manifest.size, totalBytes: manifest.size))
        let info = try verifyAndIndex(temporary, manifest: manifest, etag: newETag)
        try PosixDirectoryFileWriter.synchronize(temporary)
        let url = try storage.install(temporary, version: manifest.version)
        pool.install(DirectorySnapshotHandle(url: url, info: info))
        return info
      }
      etag = newETag
      progress.send(
        DirectorySyncProgress(
          phase: .installed, bytesWritten: manifest.size, totalBytes: manifest.size))
      logger.info(
        "Directory snapshot \(info.version) installed: \(info.merchantCount) merchants, "
          + "schema \(info.schemaVersion).")
      if !info.fallbacks.isEmpty {
        let summary = info.fallbacks.mapValues(String.init).sortedPairs(": ", separator: ", ")
        logger.warning("Directory fields read through a fallback: \(summary).")
      }
      return .updated(info)
    } catch {
      storage.discard(temporary)
      if error is CancellationError {
        throw LoyaltyError(.cancelled, "The directory sync was cancelled.")
      }
      throw error
    }
  }

  /// Runs a network call, turning a failure into a directory error.
  ///
  /// Compiled once for every `T`, not once per result type: a call per download.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private func download<T>(_ call: () async throws -> T) async throws -> T {
    do {
      return try await call()
    } catch let error as LoyaltyError where error.category == .directory {
      throw error
    } catch let error as LoyaltyError where error.code == .cancelled || error.code == .notOffered {
      throw error
    } catch is CancellationError {
      throw LoyaltyError(.cancelled, "The directory sync was cancelled.")
    } catch {
      throw LoyaltyError(
        .directoryDownloadFailed, "The directory download failed; the previous snapshot is kept.",
        underlying: error)
    }
  }

  /// Whether `data` starts with the SQLite file header.
  static func isSQLite(_ data: Data) -> Bool {
    data.starts(with: Data("SQLite format 3\u{0}".utf8))
  }

  /// Streams `body` (through the gzip decoder when `compressed`) into `url` in chunks,
  /// hashing as it goes.
  private nonisolated func write(
    _ body: Data, compressed: Bool, to url: URL, manifest: DirectoryManifest
  ) throws {
    let sink = try writer.create(at: url)
    defer { sink.close() }
    let decoder = try GzipStreamDecoder(chunkSize: Self.chunkSize)
    var digest = PortableSHA256.Hasher()
    var written = 0
    var reported = 0
    let limit = manifest.size
    do {
      try body.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let end = min(raw.count, offset + Self.chunkSize)
          let piece = UnsafeRawBufferPointer(rebasing: raw[offset..<end])
          let emit = { (chunk: UnsafeRawBufferPointer) throws -> Void in
            written += chunk.count
            guard written <= limit else {
              throw LoyaltyError(
                .directorySnapshotHashMismatch,
                "The directory snapshot is larger than the manifest's \(limit) bytes.")
            }
            digest.update(chunk)
            try sink.write(chunk)
          }
          if compressed {
            try decoder.feed(piece, emit)
          } else {
            try emit(piece)
          }
          offset = end
          if written - reported >= 1_048_576 {
            reported = written
            progress.send(
              DirectorySyncProgress(phase: .downloading, bytesWritten: written, totalBytes: limit))
          }
        }
      }
      if compressed { try decoder.finish() }
    } catch let error as LoyaltyError where error.code == .decompressionFailed {
      let truncated = error.metadata["truncated"] == "true"
      throw LoyaltyError(
        truncated ? .directorySnapshotTruncated : .directorySnapshotCorrupt,
        truncated
          ? "The directory snapshot's download ended early."
          : "The directory snapshot's gzip stream is corrupt.",
        underlying: error)
    }
    guard written == limit else {
      throw LoyaltyError(
        .directorySnapshotTruncated,
        "The directory snapshot has \(written) bytes; the manifest says \(limit).",
        metadata: ["bytes": String(written), "expected": String(limit)])
    }
    guard digest.hexDigest() == manifest.sha256 else {
      throw LoyaltyError(
        .directorySnapshotHashMismatch,
        "The directory snapshot's SHA-256 differs from the manifest's.")
    }
    try sink.synchronize()
  }

  /// Opens the download, checks it and builds the search tables into it.
  private nonisolated func verifyAndIndex(
    _ url: URL, manifest: DirectoryManifest, etag: String?
  ) throws -> DirectorySnapshotInfo {
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(url: url, generation: 0)
    } catch {
      throw Self.corrupt("could not be opened", underlying: error)
    }
    defer { connection.close() }
    let report: [String]
    let version: Int
    do {
      report = try connection.integrityCheck()
      version = try connection.userVersion()
    } catch {
      throw Self.corrupt("is not a SQLite database", underlying: error)
    }
    guard report == ["ok"] else {
      throw LoyaltyError(
        .directorySnapshotCorrupt,
        "The directory snapshot failed PRAGMA integrity_check: \(report.prefix(3).joined(separator: "; "))."
      )
    }
    guard version == manifest.schemaVersion, DirectorySchema.supportedVersions.contains(version)
    else {
      throw Self.unsupported(version)
    }
    progress.send(
      DirectorySyncProgress(
        phase: .indexing, bytesWritten: manifest.size, totalBytes: manifest.size))
    do {
      return try DirectoryIndexBuilder.build(
        in: connection, manifest: manifest, etag: etag, installedAt: clock.now, fullText: fullText)
    } catch let error as LoyaltyError where error.category == .directory {
      throw error
    } catch {
      throw Self.corrupt("could not be indexed", underlying: error)
    }
  }

  private static func corrupt(_ what: String, underlying: any Error) -> LoyaltyError {
    LoyaltyError(
      .directorySnapshotCorrupt, "The directory snapshot \(what).", underlying: underlying)
  }

  private static func unsupported(_ version: Int) -> LoyaltyError {
    LoyaltyError(
      .directorySchemaUnsupported,
      "The directory snapshot has schema version \(version); this SDK reads "
        + "\(DirectorySchema.supportedVersions.lowerBound)..."
        + "\(DirectorySchema.supportedVersions.upperBound). The previous snapshot is kept.",
      recoverySuggestion: "Update the SDK to read newer directory snapshots.",
      metadata: ["schemaVersion": String(version)])
  }
}
