import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork

// The ```swift blocks of the doc comments in Sources/LoyaltyNetwork.

// Endpoint
extension Endpoint where Response == [Campaign] {
  static func campaigns(language: String) -> Self {
    Endpoint(
      name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      auth: .standard,
      body: .wrapped("campaigns", ["action": "retrieve", "language": .string(language)]),
      check: .domain("MAPP_CAMPAIGNING")
    ) { envelope in try decodeCampaigns(envelope) }
  }
}

/// Decodes the campaigns of an answer, for the Endpoint doc's example.
private func decodeCampaigns(_ envelope: ResponseEnvelope) throws -> [Campaign] {
  throw LoyaltyError(.invalidResponse, "The Endpoint doc's example decodes nothing.")
}

// GzipStreamDecoder
private func inflating(compressedPiece: UnsafeRawBufferPointer, file: OutputFile) throws {
  let decoder = try GzipStreamDecoder()
  try decoder.feed(compressedPiece) { chunk in try file.write(chunk) }
  try decoder.finish()  // throws when the stream ended early
}

/// Where the GzipStreamDecoder doc's example writes what it inflates.
final class OutputFile {
  private(set) var contents = Data()

  func write(_ chunk: UnsafeRawBufferPointer) throws {
    contents.append(contentsOf: chunk)
  }
}

// IdempotencyKey
private func retryingARedemption(market: Market, id: String, merchant: String) async throws {
  do {
    _ = try await market.redeemCoupon(productUUID: id, merchantID: merchant)
  } catch let error as LoyaltyError where error.code == .outcomeUnknown {
    _ = try await market.redeemCoupon(
      productUUID: id, merchantID: merchant, idempotencyKey: error.idempotencyKey)
  }
}

// NetworkClient
private func networkClient(client: LoyaltyClient) async throws {
  let network = try client.network
  try await network.session.loginWithEmail("user@example.com")
  let profile = try await network.send(.profile())
  _ = profile
}

// DeviceRegistration
private func awaitingRegistration(client: LoyaltyClient) async throws {
  let registration = try client.deviceRegistration
  if case .failed(let error)? = await registration.awaitStartRegistration() {
    print("will retry on the next start: \(error)")
  }
}

// TransportFailure
private struct FailingTransport: HTTPTransport {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    do {
      throw URLError(.networkConnectionLost)
    } catch {
      throw TransportFailure.connectionLost.error(host: request.url.host, underlying: error)
    }
  }
}

// ResponseBodyReader
private func reading<Body: AsyncSequence>(
  head: HTTPHeaders, limit: ResponseSizeLimit, url: URL, body: Body
) async throws -> HTTPResponse where Body.Element == Data {
  let reader = try ResponseBodyReader(headers: head, limit: limit, host: url.host)
  for try await chunk in body { try reader.append(chunk) }
  return try reader.finish(status: 200)
}

// NetworkTransport
extension NetworkTransport {
  static var myTransport: Self {
    Self(name: "MyTransport") { configuration in MyTransport(configuration) }
  }
}

func startWithMyTransport(_ configuration: LoyaltyConfiguration) async throws -> LoyaltyClient {
  try await LoyaltyClient.start(configuration, modules: [NetworkModule(transport: .myTransport)])
}
