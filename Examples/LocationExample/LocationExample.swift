import Dispatch
import LoyaltyCore
import LoyaltyLocation
import LoyaltyNetwork
import LoyaltySandbox

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-location`: LoyaltyLocation against the in-process sandbox. The
/// stores are synced (full, then incremental after the backend changes), the regions to
/// monitor are chosen, and a walk past three stores on a simulated clock shows an entry
/// notified, one refused by the merchant's 24-hour cool-down and one refused by the
/// quiet hours. No StoreModule: the points of interest live in memory.
@main
struct LocationExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-location: done.")
    } catch {
      var message = "example-location failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  /// 11:00 UTC on Wednesday 2027-07-14: 14:00 in Athens.
  static let start = Date(timeIntervalSince1970: 1_815_562_800)

  static func run() async throws {
    let configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-location-api-key",
      bundleID: "com.example.location-example",
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(matching: configuration),
      fixtures: SandboxFixtures(seed: 7, merchants: 40))
    let athens = TimeZone(identifier: "Europe/Athens") ?? TimeZone(secondsFromGMT: 10_800) ?? .gmt
    // A simulated clock, so the limiter's hours do not depend on when the example runs.
    let clock = ManualClock(start: start)
    let overrides = CapabilityOverrides()
      .overriding(.httpTransport, with: SandboxTransport(backend))
      .overriding(.clock, with: clock)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule(), LocationModule(timeZone: athens)],
      overrides: overrides)
    let location = try client.location

    print("== Sync the stores")
    let first = try await location.syncPointsOfInterest()
    print("full: \(first.full), \(first.upserted) stores, version \(first.version)")
    backend.removePointOfInterest(id: 40)
    let second = try await location.syncPointsOfInterest()
    print("incremental: \(!second.full), \(second.removed) removed, version \(second.version)")
    try check(try await location.pointsOfInterest.count() == 39, "the removal did not sync")

    let stores = backend.pointsOfInterest
    guard let home = stores.first else { throw ExampleFailure("no store to walk to") }
    print("\n== Regions to monitor near \(home.name)")
    let selection = try await location.regionsToMonitor(
      near: GeoPoint(latitude: home.latitude ?? 0, longitude: home.longitude ?? 0), limit: 5)
    for region in selection.regions {
      print("  \(region.identifier), \(Int(region.radius)) m")
    }
    print("choose again after moving \(Int(selection.refreshDistance)) m")

    print("\n== A walk past three stores")
    let walk = try Walk(stores: stores)
    var seconds = 0.0
    func visit(_ store: SandboxPointOfInterest, at hour: String) async throws -> LimitDecision? {
      // A fix 400 m south, then one at the store's door.
      for north in [-400.0, 0] {
        seconds += 60
        let result = try await location.update(
          walk.fix(near: store, north: north, at: start + seconds))
        if let decision = result.notifications.first?.decision {
          print(
            "  \(hour) at \(store.name) (\(store.merchantUUID.prefix(8))): \(describe(decision))")
          return decision
        }
      }
      return nil
    }
    let notified = try await visit(walk.first, at: "14:00")
    clock.advance(by: 1_800)
    let cooldown = try await visit(walk.second, at: "14:30")
    clock.advance(by: 7 * 3_600)
    let quiet = try await visit(walk.third, at: "21:30")
    try check(notified == .allowed, "the first entry was not notified")
    guard case .merchantCoolingDown? = cooldown else {
      throw ExampleFailure("the second entry was not refused by the cool-down")
    }
    try check(quiet == .outsideAllowedHours, "the third entry was not refused by the hours")
    print("fixes used: \(location.statistics.accepted)")
    await client.shutdown()
  }

  static func describe(_ decision: LimitDecision) -> String {
    switch decision {
    case .allowed: "notified"
    case .merchantCoolingDown: "refused: the merchant was notified less than 24 hours ago"
    case .outsideAllowedHours: "refused: outside 10:00-20:00"
    default: "refused: \(decision.reasonName)"
    }
  }
}

/// The three stores of the walk: two of one merchant (or one store twice), and one of
/// another merchant.
struct Walk {
  let first: SandboxPointOfInterest
  let second: SandboxPointOfInterest
  let third: SandboxPointOfInterest

  init(stores: [SandboxPointOfInterest]) throws {
    let byMerchant = Dictionary(grouping: stores, by: \.merchantUUID)
    let branches = byMerchant.values.filter { $0.count > 1 }.min { $0[0].id < $1[0].id }
    guard let first = branches?.first ?? stores.first,
      let third = stores.first(where: { $0.merchantUUID != first.merchantUUID })
    else { throw ExampleFailure("the sandbox has too few stores") }
    self.first = first
    self.second = branches?.dropFirst().first ?? first
    self.third = third
  }

  /// A fix `north` metres north of `store`, 10 m accurate.
  func fix(near store: SandboxPointOfInterest, north: Double, at date: Date) -> LocationUpdate {
    LocationUpdate(
      latitude: (store.latitude ?? 0) + north / GeoDistance.metresPerDegree,
      longitude: store.longitude ?? 0, horizontalAccuracy: 10, timestamp: date)
  }
}

func check(_ condition: Bool, _ message: String) throws {
  guard condition else { throw ExampleFailure(message) }
}

/// What went wrong in the example.
struct ExampleFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
