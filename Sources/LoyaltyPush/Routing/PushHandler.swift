/// Handles the host's own push actions: every loyalty payload whose action is not 0.
///
/// ``PushCenter`` holds a handler weakly, so the host keeps it alive (usually its app or
/// scene delegate). A closure can be set instead with
/// ``PushCenter/setHandler(_:)-((PushPayload,ApplicationState)->Void)``.
public protocol PushHandler: AnyObject, Sendable {
  /// Called for a payload with a custom action.
  func didReceiveLoyaltyPush(_ payload: PushPayload, whileAppWasIn state: ApplicationState)
    async
}
