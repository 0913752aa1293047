import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltyNetwork
import Testing

@testable import LoyaltyURLSession

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The seed's network settings (seed 000 line 573) as the URLSession transport applies
/// them.
@Suite("URLSessionTransport: cellular access and response caching", .serialized)
struct URLSessionSettingsTests {
  @Test("cellular access follows the configuration; the high-security preset is Wi-Fi only")
  func cellular() {
    let production = LoyaltyConfiguration.Preset.production.network
    let highSecurity = LoyaltyConfiguration.Preset.highSecurity.network
    #expect(
      URLSessionTransport(configuration: production).sessionConfiguration.allowsCellularAccess)
    #expect(
      !URLSessionTransport(configuration: highSecurity).sessionConfiguration.allowsCellularAccess)
  }

  @Test("response caching off: no cache at all, and every call reaches the server")
  func cachingOff() async throws {
    let transport = URLSessionTransport(configuration: NetworkConfiguration(requestTimeout: 5))
    #expect(transport.sessionConfiguration.urlCache == nil)
    #expect(transport.sessionConfiguration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    let count = try await Self.calls(through: transport)
    #expect(count == 2)
  }

  @Test("response caching on: in memory only, never on disk, the protocol's policy")
  func cachingOn() throws {
    var configuration = NetworkConfiguration(requestTimeout: 5)
    configuration.responseCaching = true
    let session = URLSessionTransport(configuration: configuration).sessionConfiguration
    let cache = try #require(session.urlCache)
    #expect(cache.diskCapacity == 0)
    #expect(cache.memoryCapacity == URLSessionTransport.responseCacheMemory)
    #expect(session.requestCachePolicy == .useProtocolCachePolicy)
  }

  /// Sends the same GET twice to a server whose answer may be cached for a minute.
  /// - Returns: How many requests reached the server.
  private static func calls(through transport: URLSessionTransport) async throws -> Int {
    let count = LockedCounter()
    let server = try LoopbackHTTPServer { _ in
      count.increment()
      return .init(
        status: 200, headers: [("Cache-Control", "max-age=60"), ("Content-Type", "text/plain")],
        body: Data("cached".utf8))
    }
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("cacheable")
    for _ in 0..<2 {
      let response = try await transport.send(HTTPRequest(method: .get, url: url, timeout: 5))
      #expect(response.status == 200)
    }
    return count.value
  }
}

/// A counter the server's handler bumps from its own thread.
private final class LockedCounter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}
