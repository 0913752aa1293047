import Foundation
import LoyaltyCore
import LoyaltyEmulatorServer
import LoyaltyNetwork
import LoyaltySandbox
import Testing

/// Runs `body` with a harness whose server has a console, and stops it whatever happens.
private func withConsole(
  _ setup: ConsoleSetup = ConsoleSetup(),
  requestTimeout: TimeInterval = 10,
  _ body: (EmulatorHarness, ConsoleClient) async throws -> Void
) async throws {
  // No registration at start: the log holds the test's calls only.
  let harness = try await EmulatorHarness.start(console: setup) {
    $0.device.registersAtStart = false
    $0.network.requestTimeout = requestTimeout
  }
  do {
    try await body(harness, ConsoleClient(port: harness.port))
  } catch {
    await harness.stop()
    throw error
  }
  await harness.stop()
}

@Suite("Emulator console: the request log over its JSON API")
struct ConsoleRequestLogTests {
  @Test("the SDK's calls are listed newest first, with call, auth, status and fault")
  func listsCalls() async throws {
    try await withConsole { harness, console in
      let network = try harness.network
      _ = try await network.send(Calls.campaigns())
      try await network.session.loginWithEmail("user1@sandbox.test")
      _ = try await network.send(Calls.profile())
      let page = try await console.get("/_emulator/api/requests").json
      let calls = page["requests"]?.arrayValue?.compactMap { $0["call"]?.stringValue } ?? []
      #expect(calls == ["profile", "emailLogin", "campaigns"])
      let newest = try #require(page["requests"]?.arrayValue?.first)
      let user = try #require(harness.backend.user(email: "user1@sandbox.test"))
      #expect(newest["auth"]?.stringValue == "user \(user.id)")
      #expect(page["requests"]?.arrayValue?.last?["auth"]?.stringValue == "device")
      #expect(newest["status"] == 200)
      #expect(newest["outcome"]?.stringValue == "answered")
      #expect(newest["fault"] == .null)
      #expect(page["cursor"] == 3)

      // `after` gives only what came later; the console's own requests are not logged.
      let later = try await console.get("/_emulator/api/requests?after=2").json
      #expect(later["requests"]?.arrayValue?.count == 1)
      let none = try await console.get("/_emulator/api/requests?after=3").json
      #expect(none["requests"]?.arrayValue?.isEmpty == true)
      #expect(none["cursor"] == 3)
    }
  }

  @Test("a request opens to masked headers, decoded bodies and no drift for our own answers")
  func detail() async throws {
    try await withConsole { harness, console in
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      _ = try await network.send(Calls.profile())
      let detail = try await console.get("/_emulator/api/requests/2").json
      let headers = detail["request"]?["headers"]?.arrayValue ?? []
      let authorization = headers.first { $0.arrayValue?.first == "Authorization" }
      #expect(authorization?.arrayValue?.last?.stringValue?.contains("<masked>") == true)
      #expect(authorization?.arrayValue?.last?.stringValue?.contains("eyJ") == false)
      #expect(detail["response"]?["body"]?["kind"]?.stringValue == "json")
      #expect(detail["response"]?["body"]?["encoding"]?.stringValue == "gzip")
      let text = detail["response"]?["body"]?["text"]?.stringValue ?? ""
      #expect(text.contains("\n  \"context\" : {"))
      #expect(detail["drift"] == [])

      // The login's answer carries tokens: masked as the SDK's logs mask them.
      let login = try await console.get("/_emulator/api/requests/1").json
      let answer = login["response"]?["body"]?["text"]?.stringValue ?? ""
      #expect(answer.contains("access_token"))
      #expect(!answer.contains("eyJ"))
      #expect((try await console.get("/_emulator/api/requests/3")).status == 404)
    }
  }

  @Test("filters by call and by status class; failed lists the dropped connections")
  func filters() async throws {
    try await withConsole { harness, console in
      let network = try harness.network
      _ = try await network.send(Calls.campaigns())
      harness.backend.failNext(with: .status(404), on: .endpoint(.campaigns))
      _ = try? await network.send(Calls.campaigns())
      harness.backend.failNext(with: .status(400), on: .endpoint(.campaigns))
      _ = try? await network.send(Calls.campaigns())
      func count(_ query: String) async throws -> Int? {
        try await console.get("/_emulator/api/requests?\(query)").json["requests"]?.arrayValue?
          .count
      }
      #expect(try await count("call=campaigns") == 3)
      #expect(try await count("call=profile") == 0)
      #expect(try await count("status=4xx") == 2)
      #expect(try await count("status=404") == 1)
      #expect(try await count("status=2xx") == 1)
      #expect(try await count("status=failed") == 0)
      #expect((try await console.get("/_emulator/api/requests?status=9zz")).status == 400)
      let faulted = try await console.get("/_emulator/api/requests?status=404").json
      #expect(faulted["requests"]?.arrayValue?.first?["fault"]?.stringValue == "status 404")

      // A connection dropped before the answer: no status, listed under failed only.
      harness.backend.failNext(with: .dropConnection, on: .endpoint(.campaigns))
      _ = try? await network.send(Calls.campaigns())
      let failed = try await console.get("/_emulator/api/requests?status=failed").json
      let dropped = try #require(failed["requests"]?.arrayValue?.last)
      #expect(dropped["status"] == .null)
      #expect(dropped["outcome"]?.stringValue == "dropped")
      #expect(dropped["fault"]?.stringValue == "dropConnection")
      #expect(failed["requests"]?.arrayValue?.allSatisfy { $0["status"] == .null } == true)
    }
  }

  @Test("the log keeps its limit: at the limit nothing is dropped, one more drops the oldest")
  func bounded() async throws {
    try await withConsole(ConsoleSetup(logLimit: 3)) { harness, console in
      let network = try harness.network
      for _ in 0..<3 { _ = try await network.send(Calls.campaigns()) }
      var page = try await console.get("/_emulator/api/requests").json
      #expect(page["requests"]?.arrayValue?.count == 3)
      #expect(page["dropped"] == 0)
      _ = try await network.send(Calls.campaigns())
      page = try await console.get("/_emulator/api/requests").json
      #expect(page["requests"]?.arrayValue?.compactMap { $0["id"]?.intValue } == [4, 3, 2])
      #expect(page["dropped"] == 1)
      #expect(page["limit"] == 3)
      #expect((try await console.get("/_emulator/api/requests/1")).status == 404)
      #expect((try await console.get("/_emulator/api/requests/2")).status == 200)
      let cleared = try await console.send("DELETE", "/_emulator/api/requests").json
      #expect(cleared["cleared"] == 3)
    }
  }
}

@Suite("Emulator console: faults, settings and actions over its JSON API")
struct ConsoleControlTests {
  @Test("a fault set through the API fails the SDK's next call with the documented error")
  func faultReachesTheSDK() async throws {
    try await withConsole { harness, console in
      let added = try await console.send(
        "POST", "/_emulator/api/faults",
        json: ["call": "campaigns", "kind": "status", "status": 400, "count": 1])
      #expect(added.status == 201)
      #expect(added.json["rules"]?.arrayValue?.first?["fault"]?.stringValue == "status 400")
      #expect(added.json["rules"]?.arrayValue?.first?["remaining"] == 1)
      let network = try harness.network
      let error = await #expect(throws: LoyaltyError.self) {
        _ = try await network.send(Calls.campaigns())
      }
      #expect(error?.code == .httpStatus)
      _ = try await network.send(Calls.campaigns())

      _ = try await console.send(
        "POST", "/_emulator/api/faults", json: ["call": "campaigns", "kind": "malformedBody"])
      let malformed = await #expect(throws: LoyaltyError.self) {
        _ = try await network.send(Calls.campaigns())
      }
      #expect(malformed?.code == .invalidResponse)
      let cleared = try await console.send("DELETE", "/_emulator/api/faults").json
      #expect(cleared["rules"] == [])
    }
  }

  @Test("a dripped answer arrives whole; one slower than the SDK's deadline ends at it")
  func drip() async throws {
    try await withConsole(requestTimeout: 2) { harness, console in
      let network = try harness.network
      let quick = try await console.send(
        "POST", "/_emulator/api/faults",
        json: ["call": "campaigns", "kind": "drip", "bytes": 512, "intervalMilliseconds": 5])
      #expect(
        quick.json["rules"]?.arrayValue?.first?["fault"]?.stringValue == "drip 512 B every 5 ms")
      let campaigns = try await network.send(Calls.campaigns())
      #expect(campaigns["MAPP_CAMPAIGNING"]?["campaigns"]?.arrayValue?.count == 24)
      let log = try await console.get("/_emulator/api/requests").json
      #expect(log["requests"]?.arrayValue?.first?["fault"]?.stringValue == "drip 512 B every 5 ms")

      // 8 bytes every 200 ms: the answer would take minutes; every attempt the SDK makes
      // is dripped, and the call ends at the SDK's deadlines.
      _ = try await console.send(
        "POST", "/_emulator/api/faults",
        json: [
          "call": "campaigns", "kind": "drip", "bytes": 8, "intervalMilliseconds": 200, "count": 10,
        ])
      let started = ContinuousClock.now
      let error = await #expect(throws: LoyaltyError.self) {
        _ = try await network.send(Calls.campaigns())
      }
      #expect(error?.code == .timedOut)
      #expect(ContinuousClock.now - started < .seconds(30))
      _ = try await console.send("DELETE", "/_emulator/api/faults")
      #expect(try await console.get("/_emulator/api/faults").json["rules"] == [])
    }
  }

  @Test("a wrong fault is refused with the field named, and nothing is set")
  func wrongFault() async throws {
    try await withConsole { harness, console in
      for body: JSONValue in [
        ["call": "nope", "kind": "status", "status": 500],
        ["call": "campaigns", "kind": "status", "status": 600],
        ["call": "campaigns", "kind": "status", "status": 99],
        ["call": "campaigns", "kind": "latency", "seconds": 0],
        ["call": "campaigns", "kind": "melt"],
        ["call": "campaigns", "kind": "dropConnection", "count": 0],
        ["call": "campaigns", "kind": "drip", "bytes": 0],
        ["call": "campaigns", "kind": "drip", "bytes": 65_537],
        ["call": "campaigns", "kind": "drip", "bytes": 1, "intervalMilliseconds": 10_001],
      ] {
        let answer = try await console.send("POST", "/_emulator/api/faults", json: body)
        #expect(answer.status == 400)
        #expect(answer.json["error"]?.stringValue?.isEmpty == false)
      }
      #expect(harness.backend.pendingFaults == 0)
      let edge = try await console.send(
        "POST", "/_emulator/api/faults",
        json: ["call": "campaigns", "kind": "status", "status": 599])
      #expect(edge.status == 201)
      let widest = try await console.send(
        "POST", "/_emulator/api/faults",
        json: ["call": "any", "kind": "drip", "bytes": 65_536, "intervalMilliseconds": 10_000])
      #expect(widest.status == 201)
      #expect(widest.json["rules"]?.arrayValue?.count == 2)
    }
  }

  @Test("settings change the answer forms, which the request's drift lines then name")
  func forms() async throws {
    try await withConsole { harness, console in
      let set = try await console.send(
        "PUT", "/_emulator/api/settings", json: ["envelope": "flat", "lists": "bare"])
      #expect(set.json["forms"]?["envelope"]?.stringValue == "flat")
      #expect(harness.backend.answerForms.lists == .bare)
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      _ = try await network.send(Calls.coupons())
      let detail = try await console.get("/_emulator/api/requests/2").json
      let drift = detail["drift"]?.arrayValue?.compactMap(\.stringValue) ?? []
      #expect(drift.contains("members at the top level, no context (a flat envelope)"))
      #expect(drift.contains { $0.hasPrefix("list coupons: bare") })
      let wrong = try await console.send(
        "PUT", "/_emulator/api/settings", json: ["envelope": "flat", "lists": "sideways"])
      #expect(wrong.status == 400)
    }
  }

  @Test("the clock offset moves the server's clock, within ten years either way")
  func clockOffset() async throws {
    try await withConsole { harness, console in
      let limit = 10 * 365 * 86_400
      #expect(
        (try await console.send(
          "PUT", "/_emulator/api/settings", json: ["clockOffset": .integer(limit)])).status == 200)
      #expect(
        (try await console.send(
          "PUT", "/_emulator/api/settings", json: ["clockOffset": .integer(limit + 1)])).status
          == 400)
      _ = try await console.send("PUT", "/_emulator/api/settings", json: ["clockOffset": 3_600])
      let ahead = harness.backend.configuration.clock.now.timeIntervalSinceNow
      #expect((3_590...3_610).contains(ahead))
      let faults = try await console.get("/_emulator/api/faults").json
      #expect(faults["clockOffset"]?.doubleValue == 3_600)
    }
  }

  @Test("actions: points granted, tokens expired, sessions ended, a push kept, the state reset")
  func actions() async throws {
    try await withConsole { harness, console in
      let network = try harness.network
      try await network.session.loginWithEmail("user1@sandbox.test")
      let before = try #require(harness.backend.user(email: "user1@sandbox.test")).points
      let granted = try await console.send(
        "POST", "/_emulator/api/actions/grant-points",
        json: ["user": "user1@sandbox.test", "points": 250])
      #expect(granted.status == 200)
      let profile = try await network.send(Calls.profile())
      #expect(profile["result"]?["points"]?.looseInt == before + 250)

      let expired = try await console.send(
        "POST", "/_emulator/api/actions/expire-tokens", json: ["user": "user1@sandbox.test"])
      #expect(expired.json["done"]?.stringValue?.hasPrefix("Expired 1 access token") == true)
      _ = try await network.send(Calls.profile())
      #expect(harness.backend.counters.unauthorized == 1)
      #expect(harness.backend.counters.refreshCalls == 1)

      let ended = try await console.send(
        "POST", "/_emulator/api/actions/end-sessions", json: ["user": "user1@sandbox.test"])
      #expect(ended.json["done"]?.stringValue?.hasPrefix("Ended 1 session(s)") == true)
      await #expect(throws: LoyaltyError.self) { try await network.send(Calls.profile()) }
      #expect(try await network.session.currentToken() == nil, "the SDK ended it too")
      try await network.session.loginWithEmail("user1@sandbox.test")

      let unknown = try await console.send(
        "POST", "/_emulator/api/actions/push", json: ["token": "nobody", "payload": ["a": 1]])
      #expect(unknown.status == 404)
      let nobody = try await console.send(
        "POST", "/_emulator/api/actions/grant-points", json: ["user": "x@y.z", "points": 1])
      #expect(nobody.status == 404)

      let reset = try await console.send("POST", "/_emulator/api/actions/reset")
      #expect(reset.status == 200)
      #expect(harness.backend.user(email: "user1@sandbox.test")?.points == before)
      let state = try await console.get("/_emulator/api/state").json
      #expect(state["users"]?.arrayValue?.isEmpty == false)
      #expect(state["idempotency"] == [])
    }
  }
}

@Suite("Emulator console: safe by default")
struct ConsoleSafetyTests {
  @Test("with a token, nothing of the console answers without it")
  func token() async throws {
    try await withConsole(ConsoleSetup(token: "s3cret-token")) { _, console in
      #expect((try await console.get("/_emulator/")).status == 401)
      #expect((try await console.get("/_emulator/api/state")).status == 401)
      let wrong = try await console.send(
        "GET", "/_emulator/api/state", extra: ["Authorization": "Bearer s3cret-tokeN"])
      #expect(wrong.status == 401)
      let bearer = try await console.send(
        "GET", "/_emulator/api/state", extra: ["Authorization": "Bearer s3cret-token"])
      #expect(bearer.status == 200)
      let page = try await console.get("/_emulator/?token=s3cret-token")
      #expect(page.status == 200)
      let cookie = try #require(page.header("Set-Cookie"))
      #expect(cookie.contains("HttpOnly"))
      let withCookie = try await console.send(
        "GET", "/_emulator/api/faults", extra: ["Cookie": "loyalty-emulator-token=s3cret-token"])
      #expect(withCookie.status == 200)
    }
  }

  @Test("a change sent as a form, as another site's page could, is refused")
  func crossSite() async throws {
    try await withConsole { harness, console in
      let answer = try await console.send(
        "POST", "/_emulator/api/actions/reset", json: [:], contentType: "text/plain")
      #expect(answer.status == 415)
      let fault = try await console.send(
        "POST", "/_emulator/api/faults", json: ["call": "any", "kind": "dropConnection"],
        contentType: "application/x-www-form-urlencoded")
      #expect(fault.status == 415)
      #expect(harness.backend.pendingFaults == 0)
    }
  }

  @Test("pages are served from the resources only; the SDK's paths never reach the console")
  func paths() async throws {
    try await withConsole { harness, console in
      let page = try await console.get("/_emulator/")
      #expect(page.status == 200)
      #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
      #expect(page.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
      #expect((try await console.get("/_emulator/console.js")).status == 200)
      #expect((try await console.get("/_emulator/..%2FPackage.swift")).status == 404)
      #expect((try await console.get("/_emulator/nothing.html")).status == 404)
      let bare = try await console.get("/_emulator")
      #expect(bare.status == 308)
      #expect(bare.header("Location") == "/_emulator/")

      // A path of the SDK's with the console's name inside is the backend's.
      let path = "/api/mobile/v2/\(harness.backend.configuration.appUUID)/_emulator/api/state"
      let answer = try await console.get(path)
      #expect(answer.status != 200)
      #expect(harness.backend.counters.requests(to: .unrouted) == 1)
    }
  }

  @Test("without a console, its paths are the backend's, answered 404")
  func off() async throws {
    let harness = try await EmulatorHarness.start()
    let answer = try await ConsoleClient(port: harness.port).get("/_emulator/api/state")
    await harness.stop()
    #expect(answer.status == 404)
  }
}
