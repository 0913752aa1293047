import LoyaltyCore
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

/// `swift run example-network`: LoyaltyNetwork against the in-process sandbox. A login,
/// a bearer call through `client.network.send`, an access token that expires and is
/// refreshed before the next call, and the session's events.
@main
struct NetworkExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-network: done.")
    } catch {
      var message = "example-network failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-network-api-key",
      bundleID: "com.example.network-example",
      // Requests never leave the process: the sandbox transport answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    // The testing preset does not register the device at start, as the seed's does not;
    // this example shows that registration, so it turns it on.
    configuration.device.registersAtStart = true
    // Refresh only once the token is about to expire (the default is 300 s before), so
    // the refresh below is the expiry's doing: a token is never sent with less than
    // `SessionToken.sendMargin` (5 s) left, as it could arrive expired.
    configuration.token.refreshThreshold = 0

    // The sandbox accepts requests signed with the client's app UUID, merchant and key,
    // and issues access tokens that live 7 seconds: 2 s more than the send margin.
    var sandbox = SandboxConfiguration(matching: configuration)
    sandbox.tokenLifetime = SessionToken.sendMargin + 2
    let backend = SandboxBackend(configuration: sandbox)

    // Session events go to the event sink; without LoyaltyEvents, an in-memory sink
    // keeps them for us to read.
    let events = InMemoryEventSink()
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    overrides.override(.eventSink, with: events)
    let client = try await LoyaltyClient.start(
      configuration, modules: [NetworkModule()], overrides: overrides)

    // The client registers the device at start, in the background; wait for it here so
    // that what follows prints the same every time.
    print("== Device registration at start")
    let registration = try await client.deviceRegistration.awaitStartRegistration()
    guard case .registered(let info)? = registration else {
      throw ExampleFailure(
        "the device was not registered at start: \(String(describing: registration))")
    }
    print("registered as \(info.platform)/\(info.vendor), sdk \(info.sdkVersion)")

    print("\n== Login")
    let network = try client.network
    try await network.session.loginWithEmail(SandboxFixtures.userEmail(1))
    guard let token = try await network.session.currentToken(), let expiry = token.expiresAt
    else { throw ExampleFailure("the login stored no token with an expiry") }
    print("logged in; the access token expires in \(Int(expiry.timeIntervalSinceNow.rounded())) s")
    print("tokens, as they print: \(token.pair)")

    print("\n== A bearer call")
    let profile = try await network.send(.profile)
    print("profile: \(profile.firstName), \(profile.email)")
    try check(backend.counters.refreshCalls == 0, "a fresh token was refreshed")

    print("\n== The token is about to expire")
    try await Task.sleep(for: .milliseconds(2_500))
    let left = try await network.session.currentToken()?.expiresAt?.timeIntervalSinceNow ?? 0
    print("less than the send margin left now: \(left < SessionToken.sendMargin)")
    let again = try await network.send(.profile)
    try check(again.email == profile.email, "the second profile call returned another user")
    try check(
      backend.counters.refreshCalls == 1, "the token about to expire was not refreshed once")
    let refreshed = try await network.session.currentToken()
    try check(refreshed?.pair.accessToken != token.pair.accessToken, "the token did not change")
    print("refreshed before the call: \(backend.counters.refreshCalls) refresh, same profile")

    print("\n== Logout")
    await network.session.logout()
    let loggedIn = await network.session.isLoggedIn
    print("logged in after logout: \(loggedIn)")
    try check(!loggedIn, "still logged in after logout")

    print("\n== Session events")
    for event in events.events {
      print("  \(event.name) \(event.attributes)")
    }
    try check(events.events(of: SessionRefreshed.self).count == 1, "no session_refreshed event")
    try check(
      events.events(of: SessionEnded.self).map(\.reason) == [.logout], "no session_ended event")
    let counters = backend.counters
    print(
      "sandbox: \(counters.totalRequests) requests, \(counters.logins) login, "
        + "\(counters.refreshCalls) refresh")

    await client.shutdown()
  }
}

/// The fields of the profile this example reads.
struct ProfileSummary: Decodable, Sendable {
  let email: String
  let firstName: String

  enum CodingKeys: String, CodingKey {
    case email
    case firstName = "firstname"
  }
}

extension Endpoint where Response == ProfileSummary {
  /// The user's profile: an authenticated call (`auth: .bearer`), so the session adds
  /// the access token and refreshes it first when it has expired. The answer is
  /// `{"status": "1", "result": {...}}`; `field: "result"` decodes that field.
  static var profile: Self {
    Endpoint(
      name: "profile", method: .post, path: "/oauth/{appUUID}/context", auth: .bearer,
      body: .wrapped("consumer_data", ["action": "handle_user_details", "process": "get"]),
      field: "result")
  }
}

/// Stops the example with `message` unless `condition` holds.
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
