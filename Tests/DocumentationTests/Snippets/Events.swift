import LoyaltyCore
import LoyaltyEvents
import LoyaltyNetwork

// The blocks of Docs/Events.md; the first is also EventBus's.

private func subscribing(client: LoyaltyClient) async throws {
  let bus = try client.events
  let typed = bus.subscribe(SessionEnded.self) { event in print(event.reason) }
  let named = bus.subscribe(to: "session_ended") { event in print(event.attributes) }
  for await event in bus.stream(SessionRefreshed.self) {
    print(event.name)
  }
  typed.cancel()
  named.cancel()
}

private func tracking(client: LoyaltyClient) async throws {
  let analytics = try client.resolve(.analytics)
  try await analytics.track("custom_success_campaigns_loyalty", parameters: ["count": "12"])
  try await client.analytics.flush()
}

private func recordingCalls(
  analytics: any AnalyticsTracker, fetchCampaigns: () async throws -> [String]
) async throws -> [String] {
  let result = try await analytics.recordingCall("campaigns") { try await fetchCampaigns() }
  return result
}

private func loginEvents(bus: EventBus) {
  let logins = bus.subscribeOnMainActor(Authenticated.self) { event in
    print("signed in by \(event.method.rawValue) as \(event.userID ?? "an unnamed user")")
  }
  logins.cancel()
}

private func forwardingOutcomes(bus: EventBus) {
  let monitoring = bus.subscribe(CallCompleted.self) { call in
    guard !call.succeeded else { return }
    // Sentry: SentrySDK.capture(message:); Datadog: logger.error; Dynatrace: reportError.
    print("loyalty call \(call.operation) failed: LOY-\(call.errorCode ?? 0)", call.attributes)
  }
  monitoring.cancel()
}
