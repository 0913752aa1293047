import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyEvents
import LoyaltyFlows
import LoyaltyLocation
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity
import LoyaltyStore
import Testing

// The ```swift blocks of the doc comments of the products: Market, Push, Location, Events,
// Directory, Flows, Conformance and Store.

// Market
private func marketCalls(client: LoyaltyClient) async throws {
  let market = try client.market
  let campaigns = try await market.campaigns()
  let coupons = try await market.coupons()
  _ = (campaigns, coupons)
}

// DriftReport
private func readingDrift(market: Market) {
  let report = market.drift.snapshot()
  for entry in report.entries { print(entry.call, entry.field, entry.kind, entry.count) }
}

// PushCenter
private func routing(client: LoyaltyClient, userInfo: [AnyHashable: Any]) async throws {
  let push = try client.push
  switch try await push.handleNotification(userInfo, state: .background) {
  case .notLoyalty: break  // the host's own, or another SDK's
  case .showCampaign(let url, let confirm): open(url, askFirst: confirm)
  default: break
  }
}

// OfferNotificationRequested
private func offerNotifications(bus: EventBus) async {
  for await request in bus.stream(OfferNotificationRequested.self) {
    // On Apple platforms, a UNNotificationRequest for this store, shown now.
    showLocalNotification(for: request.pointOfInterest.merchantID)
  }
}

// LocationCenter
private func locationUpdates(client: LoyaltyClient, fix: LocationUpdate) async throws {
  let location = try client.location
  try await location.syncPointsOfInterest()
  let result = try await location.update(
    LocationUpdate(
      latitude: 37.9755, longitude: 23.7348, horizontalAccuracy: 12, timestamp: fix.timestamp))
  if let regions = result.regions { register(regions) }
}

/// The host's registration of the regions the center asks it to monitor.
private func register(_ regions: RegionSelection) {
  print("monitor \(regions.regions.count) regions")
}

// DirectoryQuery
private func searchingTheDirectory(client: LoyaltyClient) async throws {
  let results = try await client.directory.search(
    DirectoryQuery("καφε", near: DirectoryLocation(latitude: 37.98, longitude: 23.73)))
  _ = results
}

// DirectoryCenter
private func syncingTheDirectory(client: LoyaltyClient, here: DirectoryLocation) async throws {
  let directory = try client.directory
  _ = try await directory.sync()
  let nearby = try await directory.search(DirectoryQuery("καφε", near: here))
  _ = nearby
}

// FlowDelivery
private func flowCallbacks() -> FlowCallbacks {
  let callbacks = FlowCallbacks(
    delivery: .mainActor,
    onSuccess: { result in print("done: \(result)") },
    onFailed: { failure in print("failed: \(failure)") },
    onUserCancel: { print("cancelled") })
  return callbacks
}

// FlowCenter
private func settingAPIN(client: LoyaltyClient, wToken: String, callbacks: FlowCallbacks)
  async throws
{
  let run = try client.flows.setPIN(wToken: wToken, callbacks: callbacks)
  Task { for await state in run.states() { render(state) } }
  try await run.start()
}

/// The host's screen for a flow's state.
private func render(_ state: FlowState) {
  print(state)
}

// HTTPTransportConformance: compiled, not run; LoyaltyURLSessionTests run the same check on
// URLSessionTransport, which MyTransport wraps, and it takes a minute under the sanitizer.
@Suite(.disabled("the same check runs in LoyaltyURLSessionTests"))
struct HTTPTransportConformanceDoc {
  @Test func conforms() async throws {
    try await HTTPTransportConformance.check { configuration in
      MyTransport(configuration: configuration)
    }
  }
}

// TokenStoreConformance
struct TokenStoreConformanceDoc {
  @Test func conforms() async throws {
    try await TokenStoreConformance.check { MyTokenStore() }
  }
}

// MerchantDirectoryConformance
private func directoryConforms() async throws {
  try await MerchantDirectoryConformance.check(
    empty: { InMemoryMerchantDirectory() },
    filled: { merchants in InMemoryMerchantDirectory(merchants: merchants) })
}

// LoopbackHTTPServer
private func loopback(transport: any HTTPTransport) async throws -> HTTPResponse {
  let server = try LoopbackHTTPServer { request in .json(200, #"{"status":"1"}"#) }
  defer { server.stop() }
  let response = try await transport.send(HTTPRequest(method: .get, url: server.baseURL))
  return response
}

// SQLitePOIStore
private func pointsOfInterest(
  database: StoreDatabase, downloaded: [PointOfInterest], position: GeoPoint
) async throws -> [PointOfInterest] {
  let pois = database.pointsOfInterest
  try await pois.upsert(downloaded)
  let here = try await pois.pointsOfInterest(containing: position)
  return here
}

// StoreLocation
private func storeLocations(customURL: URL) -> [StoreModule] {
  let standard = StoreModule()  // .file: the default file
  let chosen = StoreModule(location: .file(customURL))  // a file of your choice
  let inMemory = StoreModule(location: .inMemory)  // nothing on disk
  return [standard, chosen, inMemory]
}

// StoreModule
private func tokensAtRest(configuration: LoyaltyConfiguration) async throws {
  let client = try await LoyaltyClient.start(
    configuration, modules: [SecurityModule(), StoreModule()])
  let tokens = try client.resolve(.tokenStore)  // SQLiteTokenStore, encrypted at rest
  _ = tokens
  await client.shutdown()
}

@Suite("Documentation: the products' doc-comment blocks run")
struct ProductSymbolDocTests {
  @Test("the in-memory merchant directory passes its conformance check")
  func directory() async throws {
    try await directoryConforms()
  }
}
