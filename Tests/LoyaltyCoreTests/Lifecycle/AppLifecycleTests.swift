import Foundation
import LoyaltyCore
import Testing

@Suite("AppLifecycle")
struct AppLifecycleTests {
  @Test("every observer hears each event, all at once, before the call returns")
  func observersRunTogether() async {
    let lifecycle = AppLifecycle(language: "en")
    let seen = Locked<[LifecycleEvent]>([])
    let gate = Locked(0)
    for _ in 0..<2 {
      lifecycle.addObserver { event in
        // Each waits for the other: a lifecycle running them one after another would hang.
        gate.withLock { $0 += 1 }
        while gate.withLock({ $0 }) < 2 { await Task.yield() }
        seen.withLock { $0.append(event) }
      }
    }
    await lifecycle.didBecomeActive()
    #expect(seen.withLock { $0 } == [.becameActive, .becameActive])
    gate.withLock { $0 = 0 }
    await lifecycle.didEnterBackground()
    #expect(seen.withLock { $0 }.suffix(2) == [.enteredBackground, .enteredBackground])
  }

  @Test("a network path is passed on when it changes, once")
  func networkPathChangesOnly() async {
    let lifecycle = AppLifecycle(language: "en")
    let seen = Locked<[LifecycleEvent]>([])
    lifecycle.addObserver { event in seen.withLock { $0.append(event) } }
    #expect(lifecycle.isNetworkSatisfied == nil)
    await lifecycle.networkPathChanged(isSatisfied: true)
    await lifecycle.networkPathChanged(isSatisfied: true)
    await lifecycle.networkPathChanged(isSatisfied: false)
    await lifecycle.networkPathChanged(isSatisfied: true)
    #expect(
      seen.withLock { $0 } == [
        .networkPathChanged(isSatisfied: true), .networkPathChanged(isSatisfied: false),
        .networkPathChanged(isSatisfied: true),
      ])
    #expect(lifecycle.isNetworkSatisfied == true)
  }

  @Test("the language changes at run time; the same one again and a bad one do nothing")
  func language() async throws {
    let lifecycle = AppLifecycle(language: "el")
    let seen = Locked<[LifecycleEvent]>([])
    lifecycle.addObserver { event in seen.withLock { $0.append(event) } }
    try await lifecycle.setLanguage("en")
    try await lifecycle.setLanguage("en")
    for bad in ["EN", "eng", "e", "", "é1"] {
      let error = try await #require(throws: LoyaltyError.self) {
        try await lifecycle.setLanguage(bad)
      }
      #expect(error.code == .invalidLanguage)
    }
    #expect(lifecycle.language == "en")
    #expect(seen.withLock { $0 } == [.languageChanged("en")])
  }

  @Test("a client has one, in the configuration's language")
  func clientLifecycle() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.lifecycle",
      language: "en", preset: .testing)
    let client = try await LoyaltyClient.start(configuration, modules: [])
    #expect(try client.lifecycle.language == "en")
    await client.shutdown()
  }
}
