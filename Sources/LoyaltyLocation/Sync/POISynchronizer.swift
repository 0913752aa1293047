import LoyaltyCore
import LoyaltyNetwork

/// Downloads the points of interest page by page into the store: each page is applied
/// as it arrives, so memory holds one page whatever the total. A full sync marks the
/// stored points unconfirmed first and removes those no page confirmed at the end
/// (``LoyaltyCore/PointOfInterestStore/beginFullSync()``), so it holds no list of ids
/// either. The version is stored only once the last page is applied: a sync
/// that fails half-way is repeated from the previous version, and applying a page twice
/// changes nothing.
struct POISynchronizer: Sendable {
  let network: NetworkClient?
  let store: any PointOfInterestStore
  let events: (any EventSink)?
  let logger: LoyaltyLogger
  /// The skip reasons already warned about: one warning per reason per client.
  let warned = Locked<Set<POISyncReport.SkipReason>>([])
  /// The drifted fields already warned about.
  let warnedDrift = Locked<Set<String>>([])

  func sync(full forceFull: Bool) async throws -> POISyncReport {
    guard let network else {
      throw LoyaltyError(
        .capabilityUnavailable,
        "Syncing points of interest needs a network client: add NetworkModule().")
    }
    let since = forceFull ? nil : try await store.syncVersion()
    var cursor: String?
    var report = POISyncReport(full: since == nil, version: "")
    var began = false
    repeat {
      let page = try await network.send(POISyncEndpoint.page(since: since, cursor: cursor))
      // A full sync replaces the stored set only when an answer holds its list: a first
      // page of removals alone is applied as changes, even when the whole was asked for.
      if report.pages == 0 && !page.holdsList { report.full = false }
      if page.full && page.holdsList { report.full = true }
      if report.full && !began {
        try await store.beginFullSync()
        began = true
      }
      try await store.upsert(page.points)
      try await store.remove(ids: page.removed)
      report.pages += 1
      report.upserted += page.points.count
      report.removed += page.removed.count
      report.skipped.merge(page.skipped, uniquingKeysWith: +)
      report.defaultedRadius += page.defaultedRadius
      report.drift = Array(Set(report.drift).union(page.drift)).stablySorted()
      // The first page's version: a change made while later pages were fetched is
      // fetched again next time rather than missed.
      if report.pages == 1 { report.version = page.version }
      cursor = page.nextCursor
      try Task.checkCancellation()
    } while cursor != nil
    if report.full {
      report.removed += try await store.endFullSync()
    }
    try await store.setSyncVersion(report.version)
    reportSkipped(report)
    reportDrift(report)
    logger.debug(
      "Synced points of interest.",
      metadata: [
        "full": String(report.full), "upserted": String(report.upserted),
        "removed": String(report.removed), "skipped": String(report.skippedCount),
        "version": report.version,
      ])
    return report
  }

  /// Tolerated is never silent: one warning per drifted field per client.
  private func reportDrift(_ report: POISyncReport) {
    let fresh = warnedDrift.withLock { warned in report.drift.filter { warned.insert($0).inserted }
    }
    for field in fresh {
      logger.warning(
        "The points-of-interest answer came in a form other than the documented one; it was read.",
        metadata: ["field": field])
    }
  }

  /// Tolerated is never silent: one warning per reason, an event per sync, the counts
  /// in the report.
  private func reportSkipped(_ report: POISyncReport) {
    guard report.skippedCount > 0 else { return }
    let fresh = warned.withLock { warned in
      report.skipped.keys.stablySorted().filter { warned.insert($0).inserted }
    }
    for reason in fresh {
      logger.warning(
        "The points-of-interest answer has points that cannot be used; they were skipped.",
        metadata: ["reason": reason.rawValue, "count": String(report.skipped[reason] ?? 0)])
    }
    events?.post(PointsOfInterestSkipped(counts: report.skipped))
  }
}
