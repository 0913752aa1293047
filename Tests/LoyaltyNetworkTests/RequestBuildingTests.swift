import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

@Suite("Requests on the wire")
struct RequestBuildingTests {
  @Test("every standard header is sent, signed for the request's own timestamp")
  func standardHeaders() async throws {
    let clock = InstantClock()
    let backend = ScriptedBackend(clock: clock)
    backend.on("/context/") { _, _ in ScriptedBackend.ok() }
    let (client, _) = NetworkFixtures.client(backend: backend)
    let endpoint = Endpoint<ResponseEnvelope>(
      name: "campaigns", method: .post, path: "/api/mobile/v2/{appUUID}/context/",
      body: .wrapped("campaigns", ["action": "retrieve", "language": "en"]),
      headers: ["scope": "PinSet"])
    _ = try await client.send(endpoint)

    let request = try #require(backend.requests.first)
    #expect(
      request.url.absoluteString
        == "https://loyalty.test/api/mobile/v2/0123456789abcdef0123456789abcdef/context/")
    let timestamp = String(Int(clock.now.timeIntervalSince1970))
    let headers = request.headers
    #expect(headers["loyalty-web-id"] == "merchant-7")
    #expect(headers["loyalty-date"] == timestamp)
    #expect(
      headers["loyalty-signature"]
        == (try PortableRequestSigner().signature(apiKey: "test-api-key-0001", timestamp: timestamp))
    )
    #expect(headers["Accept-Encoding"] == "gzip")
    #expect(headers["Accept"] == "application/json")
    #expect(headers["User-Agent"] == "gzip", "the seed's value")
    #expect(headers["channel"] == "mobile")
    #expect(headers["loyalty-bundle-id"] == "linux:com.example.network-tests")
    #expect(headers["unique-device-id"] == "device-1")
    #expect(headers["vendor"] == "linux")
    #expect(headers["platform"] == "linux")
    #expect(headers["os_version"] == "6.1.0")
    #expect(headers["scope"] == "PinSet")
    #expect(headers["Content-Type"] == "application/json")
    #expect(headers["Authorization"] == nil)
    let body = try JSONValue(parsing: try #require(request.body))
    #expect(body == ["campaigns": ["action": "retrieve", "language": "en"]])
  }

  @Test("placeholders are filled and encoded; an unknown one is a typed error")
  func placeholders() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in ScriptedBackend.ok() })
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "single", method: .get, path: "/api/session/{sessionUuid}",
        parameters: ["sessionUuid": "abc 1/2"], query: [URLQueryItem(name: "lang", value: "el")]))
    #expect(
      backend.requests.first?.url.absoluteString
        == "https://loyalty.test/api/session/abc%201%2F2?lang=el")

    // Everything but RFC 3986's unreserved ASCII is percent-encoded, letters included.
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "single", method: .get, path: "/api/session/{sessionUuid}",
        parameters: ["sessionUuid": "κάρτα é~_.-Z9?#"]))
    #expect(
      backend.requests.last?.url.absoluteString
        == "https://loyalty.test/api/session/"
        + "%CE%BA%CE%AC%CF%81%CF%84%CE%B1%20%C3%A9~_.-Z9%3F%23")

    let error = try await #require(throws: LoyaltyError.self) {
      _ = try await client.send(
        Endpoint<ResponseEnvelope>(name: "x", method: .get, path: "/api/{missing}"))
    }
    #expect(error.code == .invalidURL)
  }

  @Test(
    "form bodies keep only RFC 3986's unreserved characters",
    arguments: Array(":/?#[]@!$&'()*+,;=%\"<>\\^`{|}")
  )
  func formReservedCharacter(character: Character) async throws {
    let body = try await Self.sentBody(of: [.init("k", "a\(character)b")])
    let byte = try #require(character.asciiValue)
    let hex = String(byte, radix: 16, uppercase: true)
    let expected = "k=a%" + (hex.count == 1 ? "0" : "") + hex + "b"
    #expect(body == Data(expected.utf8))
  }

  @Test("form bodies encode non-ASCII letters as UTF-8 and keep - . _ ~")
  func formUnreservedAndNonASCII() async throws {
    let body = try await Self.sentBody(of: [.init("Ωμέγα", "café ñ 日本"), .init("keep", "aZ09-._~")])
    #expect(
      body
        == Data(
          ("%CE%A9%CE%BC%CE%AD%CE%B3%CE%B1=caf%C3%A9+%C3%B1+%E6%97%A5%E6%9C%AC"
            + "&keep=aZ09-._~").utf8))
  }

  /// The body a client sent for a form endpoint with `fields`.
  private static func sentBody(of fields: [RequestBody.FormField]) async throws -> Data? {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in ScriptedBackend.ok() })
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(name: "form", method: .post, path: "/v1/pin", body: .form(fields)))
    return backend.requests.last?.body
  }

  @Test("form and multipart bodies are encoded with their content types")
  func formAndMultipart() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in ScriptedBackend.ok() })
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "form", method: .post, path: "/v1/pin",
        body: .form([.init("Pin Code", "a&b=c d"), .init("lang", "en")])))
    let form = try #require(backend.requests.last)
    #expect(form.headers["Content-Type"] == "application/x-www-form-urlencoded")
    #expect(form.body == Data("Pin+Code=a%26b%3Dc+d&lang=en".utf8))

    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "upload", method: .post, path: "/v1/confirm",
        body: .multipart([
          .text("TransactionId", "42"),
          .file("smile", filename: "smile.jpg", contentType: "image/jpeg", data: Data([1, 2, 3])),
        ])))
    let multipart = try #require(backend.requests.last)
    let contentType = try #require(multipart.headers["Content-Type"])
    #expect(contentType.hasPrefix("multipart/form-data; boundary="))
    let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
    let text = String(decoding: try #require(multipart.body), as: UTF8.self)
    #expect(
      text.hasPrefix("--\(boundary)\r\nContent-Disposition: form-data; name=\"TransactionId\""))
    #expect(text.contains("name=\"smile\"; filename=\"smile.jpg\"\r\nContent-Type: image/jpeg"))
    #expect(text.hasSuffix("--\(boundary)--\r\n"))
  }

  @Test("a part without a type is text when it has no file name, and untyped when it has one")
  func multipartPartTypes() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in ScriptedBackend.ok() })
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "upload", method: .post, path: "/v1/confirm",
        body: .multipart([
          MultipartPart(name: "note", filename: nil, contentType: nil, data: Data("hi".utf8)),
          MultipartPart(name: "blob", filename: "a.bin", contentType: nil, data: Data([7])),
        ])))
    let text = String(decoding: try #require(backend.requests.last?.body), as: UTF8.self)
    #expect(
      text.contains(
        "name=\"note\"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhi\r\n"))
    #expect(text.contains("name=\"blob\"; filename=\"a.bin\"\r\n\r\n\u{7}\r\n"))
  }

  @Test("basic endpoints send Basic credentials")
  func basicAuth() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    backend.on("", { _, _ in ScriptedBackend.ok() })
    let (client, _) = NetworkFixtures.client(backend: backend)
    _ = try await client.send(
      Endpoint<ResponseEnvelope>(
        name: "partner", method: .post, path: "/partners/x",
        auth: .basic(username: "user", password: "pass")))
    #expect(backend.requests.first?.headers["Authorization"] == "Basic dXNlcjpwYXNz")
  }

  @Test("the network status follows transport outcomes")
  func networkStatus() async throws {
    let backend = ScriptedBackend(clock: InstantClock())
    let (client, _) = NetworkFixtures.client(backend: backend)
    #expect(client.status == .unknown)
    backend.on("", { _, _ in ScriptedBackend.ok() })
    _ = try await client.send(RetryGuaranteeTests.endpoint())
    #expect(client.status == .reachable)
    backend.on("", { _, _ in throw LoyaltyError(.notConnected, "down") })
    _ = try? await client.send(RetryGuaranteeTests.endpoint())
    #expect(client.status == .unreachable)
  }
}
