import AsyncHTTPClient
import Foundation
import Hummingbird
import Logging
import LoyaltyAsyncHTTPClient
import ServiceLifecycle

/// `swift run --package-path Integrations example-tenant-server`: a server holding one SDK
/// client per tenant, all on the process's shared `HTTPClient`, logging through swift-log.
///
/// `GET /tenants/{name}/campaigns` answers the tenant's campaign titles as JSON, fetched
/// through that tenant's client. It listens on 127.0.0.1:8090 until SIGINT or SIGTERM.
/// With `--self-test` it listens on a free port, asks itself for every tenant's campaigns
/// through the same shared `HTTPClient`, prints them and stops.
@main
struct TenantServer {
  static let tenantNames = ["athens", "patras", "volos"]

  static func main() async {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    var logger = Logger(label: "tenant-server")
    logger.logLevel = .info
    var tenants: [String: Tenant] = [:]
    do {
      for name in tenantNames {
        tenants[name] = try await Tenant.start(name, logLevel: .warning)
      }
      try await serve(
        tenants, selfTest: CommandLine.arguments.contains("--self-test"), logger: logger)
      for tenant in tenants.values { await tenant.stop() }
    } catch {
      logger.error("tenant-server failed: \(error)")
      for tenant in tenants.values { await tenant.stop() }
      exit(1)
    }
  }

  /// Serves the tenants' routes; with `selfTest`, until every tenant answered once.
  static func serve(_ tenants: [String: Tenant], selfTest: Bool, logger: Logger) async throws {
    let router = Router()
    router.get("tenants/:name/campaigns") { _, context -> Response in
      guard let name = context.parameters.get("name"), let tenant = tenants[name] else {
        return Response(status: .notFound)
      }
      let answer = CampaignsAnswer(tenant: name, campaigns: try await tenant.campaignTitles())
      return Response(
        status: .ok, headers: [.contentType: "application/json"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(answer))))
    }
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let application = Application(
      router: router,
      configuration: ApplicationConfiguration(
        address: .hostname("127.0.0.1", port: selfTest ? 0 : 8090), serverName: "tenant-server"),
      onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
      logger: logger)
    guard selfTest else {
      try await application.runService()
      return
    }
    // The self-test stops the server as SIGTERM would: open requests end, then it closes.
    let group = ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: [application], gracefulShutdownSignals: [], logger: logger))
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask {
        // A server that stops (or never starts) ends the wait for its port.
        defer { portContinuation.finish() }
        try await group.run()
      }
      var iterator = ports.makeAsyncIterator()
      if let port = await iterator.next() {
        for name in tenantNames {
          let answer = try await ask(port: port, tenant: name)
          print("\(answer.tenant): \(answer.campaigns.count) campaigns")
        }
        print("example-tenant-server: every tenant answered.")
      }
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
  }

  /// Asks the server on `port` for `tenant`'s campaigns, through the `HTTPClient` the
  /// tenants' SDK clients share.
  static func ask(port: Int, tenant: String) async throws -> CampaignsAnswer {
    let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/tenants/\(tenant)/campaigns")
    let response = try await AsyncHTTPClientTransport.sharedClient.execute(
      request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 1 << 20)
    guard response.status == .ok else {
      throw TenantServerError("\(tenant) answered \(response.status.code)")
    }
    return try JSONDecoder().decode(CampaignsAnswer.self, from: Data(buffer: body))
  }
}

/// A tenant's campaigns, as the server answers them.
struct CampaignsAnswer: Codable, Sendable {
  /// The tenant's name.
  let tenant: String
  /// The titles of its campaigns.
  let campaigns: [String]
}

/// What went wrong in the example.
struct TenantServerError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
