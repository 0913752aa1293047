import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// What the emulator's console reads and changes in the backend: the exchange with its
/// fault, the answer forms, the schedule of faults, the records and the actions.
@Suite("Sandbox: what the emulator's console reads and changes")
struct ConsoleSupportTests {
  @Test("an exchange names its call and fault, with the answer or the error a client sees")
  func exchange() async throws {
    let harness = SandboxHarness()
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
      json: ["campaigns": ["action": "retrieve", "language": "en", "filters": [:]]])
    let plain = await harness.backend.exchange(request)
    #expect(plain.endpoint == .campaigns)
    #expect(plain.fault == nil)
    #expect((try? plain.result.get())?.status == 200)

    harness.backend.failNext(with: .status(503), on: .endpoint(.campaigns))
    let faulted = await harness.backend.exchange(request)
    #expect(faulted.fault == .status(503))
    #expect((try? faulted.result.get())?.status == 503)

    harness.backend.failNext(with: .connectionLostAfterAnswer)
    let lost = await harness.backend.exchange(request)
    #expect(lost.fault == .connectionLostAfterAnswer)
    guard case .failure(let error) = lost.result else {
      Issue.record("a lost connection gave an answer")
      return
    }
    #expect(error.code == .connectionLost)
  }

  @Test("answer forms set while running lay out the next answers")
  func answerForms() async throws {
    let harness = SandboxHarness()
    #expect(harness.backend.answerForms == SandboxAnswerForms(harness.backend.configuration))
    let request = try harness.signed(
      .post, "/api/mobile/v2/\(SandboxHarness.appUUID)/context/",
      json: ["campaigns": ["action": "retrieve", "language": "en", "filters": [:]]])
    #expect(try await harness.raw(request).body?["context"] != nil)
    harness.backend.setAnswerForms(
      SandboxAnswerForms(envelope: .flat, lists: .keyed, objects: .own))
    let flat = try await harness.raw(request).body
    #expect(flat?["context"] == nil)
    #expect(flat?["MAPP_CAMPAIGNING"] != nil)
  }

  @Test("the fault schedule lists what is pending, used up rules leave it")
  func schedule() async throws {
    let harness = SandboxHarness()
    harness.backend.failNext(2, with: .status(500), on: .endpoint(.profile))
    harness.backend.addLatency(1.5, on: .pathPrefix("/oauth/"))
    harness.backend.setFaultProfile(.slow(seed: 3))
    var schedule = harness.backend.faultSchedule
    #expect(schedule.rules.map(\.fault) == [.status(500)])
    #expect(schedule.rules.map(\.remaining) == [2])
    #expect(schedule.rules.map(\.target) == [.endpoint(.profile)])
    #expect(schedule.latencies.map(\.seconds) == [1.5])
    #expect(schedule.latencies.map(\.target) == [.pathPrefix("/oauth/")])
    #expect(schedule.profile == .slow(seed: 3))
    harness.backend.clearFaults()
    schedule = harness.backend.faultSchedule
    #expect(schedule.rules.isEmpty && schedule.latencies.isEmpty && schedule.profile == .none)
  }

  @Test("expiring one user's tokens leaves the other users' tokens working")
  func expireOneUser() async throws {
    let harness = SandboxHarness()
    let first = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
    let second = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(2)))
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    #expect(harness.backend.revokeAccessTokens(userID: user.id) == 1)
    #expect(harness.backend.revokeAccessTokens(userID: user.id) == 0)
    #expect(try await profileStatus(harness, first.accessToken) == 401)
    #expect(try await profileStatus(harness, second.accessToken) == 200)
  }

  @Test("ending one user's sessions refuses their tokens and refreshes, not the others'")
  func endOneUsersSessions() async throws {
    let harness = SandboxHarness()
    let first = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
    let again = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
    let other = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(2)))
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    #expect(harness.backend.endSessions(userID: user.id) == 2)
    #expect(harness.backend.endSessions(userID: user.id) == 0)
    for pair in [first, again] {
      #expect(try await profileStatus(harness, pair.accessToken) == 401)
      #expect(try await refreshStatus(harness, pair.refreshToken) == 401)
    }
    #expect(try await profileStatus(harness, other.accessToken) == 200)
    #expect(try await refreshStatus(harness, other.refreshToken) == 200)
  }

  @Test("points granted and taken: down to 0 exactly, never below")
  func grantPoints() throws {
    let harness = SandboxHarness()
    let user = try #require(harness.backend.user(email: SandboxFixtures.userEmail(1)))
    let granted = try #require(harness.backend.grantPoints(250, toUserWithID: user.id))
    #expect(granted.points == user.points + 250)
    #expect(granted.pointsHistory.last?.points == 250)
    #expect(granted.pointsHistory.last?.balance == granted.points)
    let exact = try #require(harness.backend.grantPoints(-granted.points, toUserWithID: user.id))
    #expect(exact.points == 0)
    let again = try #require(harness.backend.grantPoints(250, toUserWithID: user.id))
    let beyond = try #require(harness.backend.grantPoints(-251, toUserWithID: user.id))
    #expect(again.points == 250)
    #expect(beyond.points == 0)
    #expect(beyond.pointsHistory.last?.points == -250)
    #expect(harness.backend.grantPoints(1, toUserWithID: "nobody") == nil)
  }

  @Test("reset puts the users back and forgets tokens, keys and devices; faults stay")
  func reset() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    let before = try #require(redemption.user)
    _ = try await redemption.send(key: "reset-key-0001")
    #expect(harness.backend.idempotencyRecords.count == 1)
    let tokens = try #require(harness.backend.issueTokens(email: SandboxFixtures.userEmail(1)))
    harness.backend.failNext(with: .status(500), on: .endpoint(.merchants))
    harness.backend.resetState()
    #expect(redemption.user == before)
    #expect(harness.backend.idempotencyRecords.isEmpty)
    #expect(harness.backend.deviceRegistrations.isEmpty)
    #expect(harness.backend.counters.totalRequests == 0)
    #expect(harness.backend.pendingFaults == 1)
    #expect(try await profileStatus(harness, tokens.accessToken) == 401)
  }

  @Test("an idempotency record names its key, request, caller and first status")
  func idempotencyRecord() async throws {
    let harness = SandboxHarness()
    let redemption = try RedemptionRequests(harness)
    _ = try await redemption.send(key: "record-key-0001")
    _ = try await redemption.send(key: "record-key-0001")
    let record = try #require(harness.backend.idempotencyRecords.first)
    #expect(harness.backend.idempotencyRecords.count == 1)
    #expect(record.key == "record-key-0001")
    #expect(record.method == "POST")
    #expect(record.path.hasPrefix("/oauth/"))
    #expect(record.caller == "user:" + (redemption.user?.id ?? ""))
    #expect(record.status == 200)
  }

  @Test("a device registration's push token: absent and empty are no token")
  func pushToken() {
    let info: JSONValue = ["platform": "linux"]
    #expect(SandboxDeviceRegistration(deviceID: "a", info: info).pushToken == nil)
    let empty: JSONValue = ["device_token": ""]
    #expect(SandboxDeviceRegistration(deviceID: "a", info: empty).pushToken == nil)
    let set: JSONValue = ["device_token": "t"]
    #expect(SandboxDeviceRegistration(deviceID: "a", info: set).pushToken == "t")
  }

  private func refreshStatus(_ harness: SandboxHarness, _ token: String) async throws -> Int {
    let request = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/token",
      json: ["grant_type": "refresh_token", "refresh_token": .string(token)])
    return try await harness.raw(request).status
  }

  private func profileStatus(_ harness: SandboxHarness, _ token: String) async throws -> Int {
    let request = try harness.signed(
      .post, "/oauth/\(SandboxHarness.appUUID)/context",
      json: ["consumer_data": ["action": "handle_user_details", "process": "get"]],
      headers: ["Authorization": "Bearer \(token)"])
    return try await harness.raw(request).status
  }
}
