import LoyaltyCore

/// The user's analytics switch, enforced here and nowhere else: `track` records nothing
/// while it is off, a flush uploads nothing, and turning it off deletes what is queued.
extension AnalyticsPipeline {
  /// The `reason` of an event tracked while the user had analytics off.
  static let privacyDrop = "privacy"

  /// Whether the user allows analytics now (always, without a privacy center).
  func analyticsAllowed() async -> Bool {
    guard let privacy else { return true }
    return await privacy.isEnabled(.analytics)
  }

  /// Counts one event tracked while analytics was off, and returns an id for it, as for
  /// an event a plugin dropped: the host's call does not fail.
  nonisolated func droppedForPrivacy() -> String {
    privacyDrops.withLock { $0 += 1 }
    if let metrics { Self.countDropped(1, reason: Self.privacyDrop, in: metrics) }
    return identifiers.next(at: clock.now)
  }

  /// Deletes every queued event, once the upload in flight has stopped (it is
  /// cancelled) and the events admitted before now are committed: after it returns,
  /// nothing tracked before can be sent. The pipeline calls it when the user turns
  /// analytics off, and at start when it is off.
  /// - Returns: How many events were deleted.
  /// - Throws: The queue's error.
  @discardableResult
  func deleteQueuedEvents() async throws -> Int {
    if let flushTask {
      flushTask.cancel()
      await flushTask.value
    }
    _ = await intake.lastCommit()?.value
    let removed = try await queue.removeAll()
    unsettled = []
    ages.forgetAll()
    statistics.deletedByPrivacy += removed
    if removed > 0 {
      logger.info("Analytics was turned off; deleted \(removed) queued events.")
    }
    return removed
  }
}
