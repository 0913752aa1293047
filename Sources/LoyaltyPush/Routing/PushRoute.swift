#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What ``PushCenter`` did with a notification.
public enum PushRoute: Sendable, Equatable {
  /// Not a loyalty payload: the host handles it as it would any other.
  case notLoyalty
  /// A campaign to show: ``ShowCampaignRequested`` was posted with this URL.
  case showCampaign(URL, requiresConfirmation: Bool)
  /// A custom action, given to the host's push handler.
  case forwarded(action: Int)
  /// A custom action with no push handler set.
  case unhandled(action: Int)
  /// The app was closed: the notification is kept until ``PushCenter/handlePendingNotification()``.
  case pending
}
