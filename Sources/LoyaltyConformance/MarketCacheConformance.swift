public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The contract every ``LoyaltyCore/MarketCache`` must keep, as a check any implementation
/// can run: call ``check(_:)`` from a test with a closure that makes a fresh, empty cache.
///
/// It checks what can be seen through the protocol: exact reads, one answer per owner and
/// key, owners kept apart, removals, the order of ``LoyaltyCore/MarketCache/answers()``,
/// and concurrent writes. What only the files show (a kill during a write, removed bytes
/// left on disk) is for the implementation's own tests.
public enum MarketCacheConformance {
  private static let name = "MarketCache"

  /// Runs every check against a fresh cache from `make`.
  /// - Throws: The first ``ConformanceFailure`` found, or what the cache throws.
  public static func check(_ make: () async throws -> any MarketCache) async throws {
    let cache = try await make()
    try await checkEmpty(cache)
    try await checkExactReadsAndReplacement(cache)
    try await checkOwnersApart(cache)
    try await checkRemovals(cache)
    try await checkOrder(cache)
    try await checkConcurrentStores(cache)
  }

  // MARK: - Answers

  private static let alice = MarketCacheOwner.user("alice")
  private static let bob = MarketCacheOwner.user("bob")
  private static let couponsKey = "coupons?language=en"

  /// An answer whose every field differs from the defaults: binary bytes in the body,
  /// repeated headers in a chosen order, dates with fractions of a second.
  private static let full = CachedAnswer(
    key: couponsKey, owner: alice, kind: "coupons", status: 203,
    headers: HTTPHeaders([
      (name: "ETag", value: "\"v1-5f2a\""),
      (name: "Content-Type", value: "application/json; charset=utf-8"),
      (name: "X-Trace", value: "second"),
      (name: "x-trace", value: "first"),
      (name: "Last-Modified", value: "Tue, 01 Sep 2026 10:00:00 GMT"),
    ]),
    body: Data([0, 255, 10, 13, 0]) + Data(#"{"coupons":[{"id":"c-1"}]}"#.utf8),
    answeredAt: Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7),
    storedAt: Date(timeIntervalSinceReferenceDate: 812_345_679.987_654_3))

  /// An answer for `key` and `owner` whose body, `ETag` and dates name `tag`.
  private static func answer(
    _ key: String, owner: String, tag: Int, kind: String = "coupons", bodyBytes: Int = 64
  ) -> CachedAnswer {
    let unit = Array("<\(tag)>".utf8)
    let body = Data((0..<bodyBytes).map { unit[$0 % unit.count] })
    return CachedAnswer(
      key: key, owner: owner, kind: kind, headers: ["ETag": "\"\(tag)\""], body: body,
      answeredAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(tag) + 0.25),
      storedAt: Date(timeIntervalSinceReferenceDate: 800_000_100 + Double(tag) + 0.5))
  }

  // MARK: - Checks

  private static func checkEmpty(_ cache: any MarketCache) async throws {
    try require(try await cache.answers().isEmpty, name, "a new cache is empty")
    try require(
      try await cache.answer(forKey: couponsKey, owner: alice) == nil, name,
      "a new cache has no answer for a key")
    try await cache.removeAnswer(forKey: couponsKey, owner: alice)
    try await cache.removeAll()
    try require(try await cache.answers().isEmpty, name, "removing from an empty cache is no error")
  }

  private static func checkExactReadsAndReplacement(_ cache: any MarketCache) async throws {
    try await cache.store(full)
    let read = try await cache.answer(forKey: couponsKey, owner: alice)
    try require(read == full, name, "reads back exactly what was stored", describe(read))
    try require(
      read?.headers.fields.map(\.name) == full.headers.fields.map(\.name)
        && read?.headers.fields.map(\.value) == full.headers.fields.map(\.value),
      name, "keeps every header, its name's case and their order")
    try require(read?.body == full.body, name, "keeps the body's bytes")
    try require(
      read?.answeredAt.timeIntervalSinceReferenceDate
        == full.answeredAt.timeIntervalSinceReferenceDate
        && read?.storedAt.timeIntervalSinceReferenceDate
          == full.storedAt.timeIntervalSinceReferenceDate,
      name, "keeps both dates to the bit")
    for (key, owner) in [
      ("coupons?language=e", alice), ("coupons?language=en ", alice),
      ("coupons?language=EN", alice), ("coupons", alice),
      (couponsKey, MarketCacheOwner.user("alic")),
      (couponsKey, MarketCacheOwner.user("alice2")), (couponsKey, MarketCacheOwner.anonymous),
      (couponsKey, MarketCacheOwner.session),
    ] {
      try require(
        try await cache.answer(forKey: key, owner: owner) == nil, name,
        "a key or an owner one character apart reads nil", "\(owner) \(key)")
    }

    let empty = CachedAnswer(
      key: couponsKey, owner: alice, kind: "campaigns", status: 200, headers: [:], body: Data(),
      answeredAt: Date(timeIntervalSinceReferenceDate: 0),
      storedAt: Date(timeIntervalSinceReferenceDate: -1.5))
    try await cache.store(empty)
    let replaced = try await cache.answer(forKey: couponsKey, owner: alice)
    try require(replaced == empty, name, "a store replaces the answer", describe(replaced))
    try require(replaced?.body == Data(), name, "an empty body reads back empty")
    try require(
      try await cache.answers() == [empty], name, "one answer per owner and key",
      "\(try await cache.answers().count) answers")
    try await cache.store(full)
    try require(
      try await cache.answer(forKey: couponsKey, owner: alice) == full, name,
      "a store after a replacement replaces again")
    try await cache.removeAll()
  }

  private static func checkOwnersApart(_ cache: any MarketCache) async throws {
    let forAlice = answer(couponsKey, owner: alice, tag: 1)
    let forBob = answer(couponsKey, owner: bob, tag: 2)
    try await cache.store(forAlice)
    try require(
      try await cache.answer(forKey: couponsKey, owner: bob) == nil, name,
      "one owner's answer is never read for another with the same key")
    try await cache.store(forBob)
    try require(
      try await cache.answer(forKey: couponsKey, owner: alice) == forAlice, name,
      "another owner's store leaves the first owner's answer")
    try require(
      try await cache.answer(forKey: couponsKey, owner: bob) == forBob, name,
      "each owner reads their own answer for the same key")
    try await cache.removeAnswer(forKey: couponsKey, owner: bob)
    try require(
      try await cache.answer(forKey: couponsKey, owner: alice) == forAlice, name,
      "removing one owner's answer leaves another's for the same key")
    try await cache.removeAll()
  }

  private static func checkRemovals(_ cache: any MarketCache) async throws {
    let owners = [MarketCacheOwner.anonymous, alice, bob, MarketCacheOwner.session]
    var stored: [CachedAnswer] = []
    for (index, owner) in owners.enumerated() {
      for key in ["campaigns", "coupons"] {
        let written = answer(key, owner: owner, tag: index * 10 + stored.count)
        stored.append(written)
        try await cache.store(written)
      }
    }
    try await cache.removeAnswer(forKey: "coupons", owner: alice)
    try require(
      try await cache.answer(forKey: "coupons", owner: alice) == nil, name,
      "removeAnswer removes the answer")
    try await cache.removeAnswer(forKey: "coupons", owner: alice)
    try await cache.removeAnswer(forKey: "missing", owner: alice)
    var expected = stored.filter { !($0.owner == alice && $0.key == "coupons") }
    try require(
      Set(try await cache.answers().map(Slot.init)) == Set(expected.map(Slot.init)), name,
      "removeAnswer removes nothing else")

    try await cache.removeAnswers(keepingOwners: [MarketCacheOwner.anonymous, alice, "user:nobody"])
    expected = expected.filter { $0.owner == MarketCacheOwner.anonymous || $0.owner == alice }
    let kept = try await cache.answers()
    try require(
      Set(kept.map(\.owner)) == [MarketCacheOwner.anonymous, alice], name,
      "removeAnswers(keepingOwners:) keeps exactly the listed owners",
      kept.map(\.owner).joined(separator: ", "))
    for answer in expected {
      try require(
        try await cache.answer(forKey: answer.key, owner: answer.owner) == answer, name,
        "removeAnswers(keepingOwners:) leaves the kept owners' answers whole", answer.owner)
    }
    for owner in [bob, MarketCacheOwner.session] {
      try require(
        try await cache.answer(forKey: "campaigns", owner: owner) == nil, name,
        "removeAnswers(keepingOwners:) removes every other owner's answers", owner)
    }

    try await cache.removeAll()
    try require(try await cache.answers().isEmpty, name, "removeAll removes every answer")
    try require(
      try await cache.answer(forKey: "campaigns", owner: MarketCacheOwner.anonymous) == nil,
      name, "removeAll leaves nothing to read")
  }

  private static func checkOrder(_ cache: any MarketCache) async throws {
    let slots: [(owner: String, key: String)] = [
      ("user:b", "coupons"), (MarketCacheOwner.anonymous, "campaigns?language=en"),
      ("user:a", "b"), ("user:a", "a?x=1"), ("user:a", "aa"), ("user:a", "a"),
      (MarketCacheOwner.anonymous, "campaigns"), (MarketCacheOwner.session, "coupons"),
    ]
    for (index, slot) in slots.enumerated() {
      try await cache.store(answer(slot.key, owner: slot.owner, tag: index))
    }
    let listed = try await cache.answers().map { "\($0.owner) \($0.key)" }
    let expected = slots.sorted { ($0.owner, $0.key) < ($1.owner, $1.key) }
      .map { "\($0.owner) \($0.key)" }
    try require(
      listed == expected, name, "answers() lists every answer by owner, then key",
      listed.joined(separator: " | "))
    try await cache.removeAll()
  }

  private static func checkConcurrentStores(_ cache: any MarketCache) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<50 {
        group.addTask { try await cache.store(answer("k\(index)", owner: alice, tag: index)) }
      }
      try await group.waitForAll()
    }
    for index in 0..<50 {
      try require(
        try await cache.answer(forKey: "k\(index)", owner: alice)
          == answer("k\(index)", owner: alice, tag: index),
        name, "concurrent stores to different keys all land", "k\(index)")
    }
    try require(try await cache.answers().count == 50, name, "50 keys, 50 answers")
    try await cache.removeAll()

    let written = (0..<20).map {
      answer(couponsKey, owner: alice, tag: $0, kind: "kind-\($0)", bodyBytes: 4_096 + $0)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for answer in written {
        group.addTask { try await cache.store(answer) }
      }
      try await group.waitForAll()
    }
    let survivor = try await cache.answer(forKey: couponsKey, owner: alice)
    try require(
      survivor.map { written.contains($0) } == true, name,
      "concurrent stores to one key leave one whole answer of those written, not a mix",
      describe(survivor))
    try require(
      try await cache.answers().count == 1, name, "concurrent stores to one key leave one answer")
    try await cache.removeAll()
  }

  // MARK: - Support

  private struct Slot: Hashable {
    let owner: String
    let key: String

    init(_ answer: CachedAnswer) {
      owner = answer.owner
      key = answer.key
    }
  }

  /// What a failure shows of an answer: its place, kind, status, header count, body size
  /// and dates; never the body.
  private static func describe(_ answer: CachedAnswer?) -> String {
    guard let answer else { return "nil" }
    return
      "\(answer.owner) \(answer.key) kind \(answer.kind) status \(answer.status), "
      + "\(answer.headers.count) headers, \(answer.body.count) bytes, answered "
      + "\(answer.answeredAt.timeIntervalSinceReferenceDate), stored "
      + "\(answer.storedAt.timeIntervalSinceReferenceDate)"
  }
}
