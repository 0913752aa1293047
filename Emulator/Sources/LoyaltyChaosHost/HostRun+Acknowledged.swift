import Foundation
import LoyaltyCore
import LoyaltyEvents
import LoyaltyMarket
import LoyaltyNetwork

/// The operations whose outcome the soak checks: what `track` acknowledged, each
/// redemption intent and its outcome, the privacy switches and the erasures.
extension HostRun {
  /// Tracks one to four events; each id `track` returns while analytics is on is
  /// journaled as one the server must receive (`track`), each one it returns while
  /// analytics is off as one the server must never receive (`track-off`).
  func track(_ client: LoyaltyClient) async throws {
    let analytics = try client.analytics
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      let id = try await analytics.track(
        "chaos_event", parameters: ["user": user, "n": String(intents)])
      // An id returned while analytics is off must never reach the server, then or later.
      journal.write(
        analyticsOn ? "track" : "track-off", ["id": .string(id), "user": .string(user)])
    }
  }

  /// Redeems the user's coupon of one set that the server picks (no product id), so a
  /// request applied twice would redeem two coupons. The intent and its idempotency key,
  /// made here as an app keeps one with what it asked for, are journaled before the first
  /// send; the server's ledger names the key of each redemption it applied, so the checker
  /// matches intents and applications one to one. An `outcomeUnknown` is sent again with
  /// the key the error carries.
  func redeem(_ client: LoyaltyClient) async throws {
    let market = try client.market
    let now = clock.now
    let coupons = try await market.coupons()
    guard
      let coupon = coupons.first(where: { coupon in
        coupon.isActive && !coupon.isExpired(at: now)
          && !(coupon.couponSet?.shopAvailability.isEmpty ?? true)
      }), let merchant = coupon.couponSet?.shopAvailability.first
    else { return }
    intents += 1
    let intent = intents
    let intentKey = IdempotencyKey()
    journal.write(
      "redeem-intent",
      ["user": .string(user), "intent": .integer(intent), "key": .string(intentKey.rawValue)])
    var key: IdempotencyKey? = intentKey
    for attempt in 1...4 {
      if let key, key != intentKey {
        // A resend with another key than the intent's: journaled before it goes, so the
        // checker counts what it applies as this intent's.
        journal.write(
          "redeem-resend",
          [
            "user": .string(user), "intent": .integer(intent), "key": .string(key.rawValue),
            "intentKey": .string(intentKey.rawValue), "attempt": .integer(attempt),
          ])
      }
      do {
        _ = try await market.redeemCoupon(
          productUUID: coupon.couponSetUUID, merchantID: merchant, idempotencyKey: key)
        journal.write(
          "redeem-done",
          [
            "user": .string(user), "intent": .integer(intent), "outcome": "applied",
            "attempts": .integer(attempt), "key": .string(intentKey.rawValue),
          ])
        return
      } catch let error as LoyaltyError where error.code == .outcomeUnknown {
        key = error.idempotencyKey
        if key == nil { break }
      } catch {
        journal.write(
          "redeem-done",
          [
            "user": .string(user), "intent": .integer(intent), "outcome": "refused",
            "attempts": .integer(attempt),
          ])
        throw error
      }
    }
    journal.write(
      "redeem-done", ["user": .string(user), "intent": .integer(intent), "outcome": "unknown"])
  }

  /// Turns analytics, device information and push registration off (journaled when the
  /// call returned) or on (journaled before the call).
  func switchPrivacy(_ client: LoyaltyClient) async throws {
    do {
      try await flipPrivacy(client)
    } catch {
      // A switch that failed (a full disk) may have turned analytics off in this process
      // all the same: what is journaled next follows what the privacy center says.
      analyticsOn = (try? await client.privacy.isEnabled(.analytics)) ?? false
      throw error
    }
  }

  private func flipPrivacy(_ client: LoyaltyClient) async throws {
    if analyticsOn {
      let queued = await queuedEvents(client)
      let started = Date()
      // Journaled before the call: a kill while it runs leaves a cut the checker knows the
      // time and the size of, never one that excuses every event before a restart.
      journal.write(
        "privacy-start",
        [
          "on": false, "started": .number(started.timeIntervalSince1970),
          "queued": .integer(queued),
        ])
      _ = try await client.privacy.disable(HostClient.switched)
      analyticsOn = false
      journal.write(
        "privacy",
        [
          "on": false, "started": .number(started.timeIntervalSince1970),
          "queued": .integer(queued),
        ])
    } else {
      journal.write("privacy", ["on": true])
      _ = try await client.privacy.enable(HostClient.switched)
      analyticsOn = true
    }
  }

  /// How many analytics events `client` holds, claimed or not: the most a switch or an
  /// erasure that follows can delete. -1 when analytics cannot be reached.
  private func queuedEvents(_ client: LoyaltyClient) async -> Int {
    guard let analytics = try? client.analytics else { return -1 }
    return await analytics.currentStatistics().pending
  }

  /// Erases everything, then lists what is left under the data directory (nothing, when
  /// the erasure kept its promise) and starts a client as on a new device.
  func erase(_ client: LoyaltyClient) async throws {
    journal.write("erase", ["phase": "start", "queued": .integer(await queuedEvents(client))])
    let report = await client.eraseAllData()
    self.client = nil
    let left = LeftoverScan.files(under: dataDirectory)
    journal.write(
      "erase",
      [
        "phase": "done", "deleted": .integer(report.deleted.count),
        "failures": .integer(report.failures.count),
        "leftovers": .array(left.map(JSONValue.string)),
      ])
  }

  /// After SIGTERM: analytics flushed until nothing is pending or `seconds` pass, the
  /// device clock left where it is; what remains is journaled.
  func deliver(within seconds: TimeInterval) async {
    if client == nil { await startClient() }
    guard let client, let analytics = try? client.analytics else {
      journal.write("drained", ["pending": .integer(-1)])
      return
    }
    let deadline = Date().addingTimeInterval(seconds)
    var pending = await analytics.currentStatistics().pending
    while pending > 0, Date() < deadline {
      await analytics.flush()
      pending = await analytics.currentStatistics().pending
      if pending > 0 { try? await Task.sleep(for: .milliseconds(500)) }
    }
    journal.write("drained", ["pending": .integer(pending)])
    await client.shutdown()
  }
}
