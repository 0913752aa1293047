public import LoyaltyCore

/// Posted to the ``LoyaltyCore/CapabilityKey/eventSink`` when ``StoreDatabase`` found
/// its file corrupt at open, moved it aside and created a fresh one.
public struct DatabaseRecovered: LoyaltyEvent, Hashable {
  /// `database_recovered`.
  public static let eventName = "database_recovered"

  /// What was moved aside, and why.
  public let recovery: DatabaseRecovery

  /// Creates the event.
  public init(recovery: DatabaseRecovery) {
    self.recovery = recovery
  }

  /// `file`, `moved_to` and `reason`.
  public var attributes: [String: String] {
    [
      "file": recovery.fileURL.lastPathComponent,
      "moved_to": recovery.movedTo.lastPathComponent,
      "reason": recovery.reason,
    ]
  }
}
