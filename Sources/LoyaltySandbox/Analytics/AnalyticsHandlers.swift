import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `POST /api/async/analytics/{appUUID}/`: event batches, gzip or plain JSON.
///
/// A batch is all or nothing: with one invalid event, nothing is stored and the answer
/// is 400 naming the invalid events, so the client drops them and sends the rest again.
enum AnalyticsHandlers {
  static func ingest(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    state.counters.analyticsBatches += 1
    if let problem = call.request.bodyProblem {
      return .error(400, problem)
    }
    let limits = call.configuration
    guard call.request.body.count <= limits.maxAnalyticsBytes else {
      return .error(
        413, "The batch is larger than \(limits.maxAnalyticsBytes) bytes of JSON.",
        extra: ["max_bytes": .integer(limits.maxAnalyticsBytes)])
    }
    guard case .array(let events)? = call.request.json?["events"] else {
      return .error(400, "The body must be {\"events\": [...]}.")
    }
    guard events.count <= limits.maxAnalyticsEvents else {
      return .error(
        413, "The batch has more than \(limits.maxAnalyticsEvents) events.",
        extra: ["max_events": .integer(limits.maxAnalyticsEvents)])
    }
    var rejected: [JSONValue] = []
    var rejectedIndexes: [JSONValue] = []
    var valid: [(id: String, event: JSONValue)] = []
    for (index, event) in events.enumerated() {
      if let id = validID(of: event) {
        valid.append((id, event))
      } else {
        rejectedIndexes.append(.integer(index))
        if let id = event["event_id"]?.stringValue, !id.isEmpty {
          rejected.append(.string(id))
        }
      }
    }
    guard rejectedIndexes.isEmpty else {
      state.counters.analyticsRejected += rejectedIndexes.count
      return .error(
        400, "\(rejectedIndexes.count) event(s) are invalid; nothing was stored.",
        extra: ["rejected": .array(rejected), "rejected_indexes": .array(rejectedIndexes)])
    }
    var accepted = 0
    var duplicates = 0
    let forgottenBefore = state.analytics.forgottenIDs
    for (id, event) in valid {
      if state.analytics.store(event, id: id, rememberingAtMost: limits.maxRememberedEventIDs) {
        accepted += 1
      } else {
        duplicates += 1
      }
    }
    state.counters.analyticsEventsReceived += valid.count
    state.counters.analyticsEventsAccepted += accepted
    state.counters.analyticsDuplicates += duplicates
    state.counters.analyticsIDsForgotten += state.analytics.forgottenIDs - forgottenBefore
    return .ok(["accepted": .integer(accepted), "duplicates": .integer(duplicates)])
  }

  /// The event's id when the event is valid: an object with a non-empty `event_id` (at
  /// most 128 characters), a `name` of 1 to 128 letters, digits, `_`, `-` or `.`, an ISO
  /// 8601 UTC `timestamp`, and `parameters`, when present, an object.
  static func validID(of event: JSONValue) -> String? {
    guard case .object(let fields) = event,
      let id = fields["event_id"]?.stringValue, !id.isEmpty, id.count <= 128,
      let name = fields["name"]?.stringValue, (1...128).contains(name.count),
      name.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "_-.".unicodeScalars.contains($0)
      }),
      let timestamp = fields["timestamp"]?.stringValue,
      SandboxDate.parseISO8601(timestamp) != nil
    else { return nil }
    if let parameters = fields["parameters"], !parameters.isNull, parameters.objectValue == nil {
      return nil
    }
    return id
  }
}
