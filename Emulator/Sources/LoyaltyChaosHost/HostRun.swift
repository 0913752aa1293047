import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush

/// The host's loop: one operation at a time, chosen by the seeded generator, each ending
/// (with an answer or an error) in a journaled `done` line, the host's proof of progress.
actor HostRun {
  let baseURL: URL
  let dataDirectory: URL
  let journal: HostJournal
  let bundleID: String
  let users: [String]
  let clock = JumpingClock()
  var generator: SeededGenerator
  var client: LoyaltyClient?
  var user: String
  /// Where the user logged in now is kept, beside the journal: a restarted host must log
  /// in (and count redemptions) as the user whose tokens the store holds.
  let userFile: URL
  /// Where the device clock's offset is kept, beside the journal: killing an app does not
  /// set the device's clock right, so a restarted host starts with the clock it had.
  let clockFile: URL
  /// Whether analytics is on, as the privacy center last said.
  var analyticsOn = false
  var intents = 0

  /// What the loop does, with the weight of each.
  enum Operation: String, CaseIterable {
    case campaigns, coupons, redeem, track, flush, profile, push, location, switchUser
    case privacy, erase, clockJump

    var weight: Int {
      switch self {
      case .track: 60
      case .campaigns, .coupons, .redeem: 30
      case .flush, .profile, .push, .location, .clockJump: 10
      case .privacy, .switchUser: 4
      case .erase: 1
      }
    }
  }

  init(
    baseURL: URL, dataDirectory: URL, journal: HostJournal, host: Int, seed: UInt64,
    users: [String]
  ) async throws {
    self.baseURL = baseURL
    self.dataDirectory = dataDirectory
    self.journal = journal
    self.bundleID = "com.example.chaos.host\(host)"
    self.users = users
    self.generator = SeededGenerator(seed: seed)
    self.userFile = URL(fileURLWithPath: journal.path + ".user")
    let kept = (try? String(contentsOf: userFile, encoding: .utf8)).map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    self.user = kept.flatMap { users.contains($0) ? $0 : nil } ?? users[0]
    self.clockFile = URL(fileURLWithPath: journal.path + ".clock")
    if let offset = (try? String(contentsOf: clockFile, encoding: .utf8)).flatMap({
      TimeInterval($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }) {
      clock.jump(to: offset)
    }
    journal.write("start", ["pid": .integer(Int(ProcessInfo.processInfo.processIdentifier))])
  }

  /// Runs operations until SIGTERM, restarting the client whenever it is not running.
  func loop() async {
    while !ChaosHost.stopping.load(ordering: .relaxed) {
      if client == nil {
        await startClient()
        continue
      }
      let operation = choose()
      do {
        try await perform(operation)
        journal.write("done", ["name": .string(operation.rawValue), "ok": true])
      } catch let error as LoyaltyError {
        journal.write(
          "done",
          ["name": .string(operation.rawValue), "ok": false, "error": .string(error.code.name)])
      } catch {
        journal.write(
          "done",
          [
            "name": .string(operation.rawValue), "ok": false,
            "error": .string(String(describing: error)),
          ])
      }
      try? await Task.sleep(for: .milliseconds(Int.random(in: 20...200, using: &generator)))
    }
  }

  /// Starts the client on the data directory; a failure (a full disk, say) is journaled
  /// and tried again a second later.
  func startClient() async {
    do {
      let started = try await HostClient.start(
        baseURL: baseURL, dataDirectory: dataDirectory, bundleID: bundleID, clock: clock)
      client = started
      // What the SDK gives up on is journaled, to name the cause of an event found lost.
      let journal = journal
      await (try? started.analytics)?.setDropHandler { drop in
        journal.write(
          "drop",
          [
            "ids": .array(drop.ids.map(JSONValue.string)),
            "reason": .string(String(describing: drop.reason)),
          ])
      }
      analyticsOn = try await started.privacy.isEnabled(.analytics)
      journal.write("client", ["analytics": .bool(analyticsOn)])
    } catch {
      journal.write("client-failed", ["error": .string(String(describing: error))])
      try? await Task.sleep(for: .seconds(1))
    }
  }

  func choose() -> Operation {
    let total = Operation.allCases.reduce(0) { $0 + $1.weight }
    var pick = Int.random(in: 0..<total, using: &generator)
    for operation in Operation.allCases {
      if pick < operation.weight { return operation }
      pick -= operation.weight
    }
    return .track
  }

  func perform(_ operation: Operation) async throws {
    guard let client else { return }
    switch operation {
    case .campaigns:
      try await loggedIn(client)
      _ = try await client.market.campaigns()
    case .coupons:
      try await loggedIn(client)
      _ = try await client.market.coupons()
    case .profile:
      try await loggedIn(client)
      _ = try await client.market.profile()
    case .redeem:
      try await loggedIn(client)
      try await redeem(client)
    case .track:
      try await track(client)
    case .flush:
      try await client.analytics.flush()
    case .push:
      let token = String(
        format: "%016llx%016llx", UInt64.random(in: 0...UInt64.max, using: &generator),
        UInt64.random(in: 0...UInt64.max, using: &generator))
      try await client.push.updateDeviceToken(token)
      _ = try await client.push.handle(
        PushPayload(action: 0, message: "chaos"), state: .background)
    case .location:
      let update = LocationUpdate(
        latitude: 37.97 + Double.random(in: -0.05...0.05, using: &generator),
        longitude: 23.73 + Double.random(in: -0.05...0.05, using: &generator),
        horizontalAccuracy: 20, timestamp: clock.now)
      _ = try await client.location.update(update)
    case .switchUser:
      try await switchUser(client)
    case .privacy:
      try await switchPrivacy(client)
    case .erase:
      try await erase(client)
    case .clockJump:
      let offsets: [TimeInterval] = [0, 0, 45, -90, 7_200, -10_800, 3 * 86_400, -86_400]
      let offset = offsets.randomElement(using: &generator) ?? 0
      clock.jump(to: offset)
      try? Data(String(offset).utf8).write(to: clockFile, options: .atomic)
      journal.write("fault", ["kind": "clock", "offset": .number(offset)])
    }
  }

  func loggedIn(_ client: LoyaltyClient) async throws {
    let session = try client.network.session
    if try await session.currentToken() == nil {
      try await session.loginWithEmail(user)
    }
  }
}
