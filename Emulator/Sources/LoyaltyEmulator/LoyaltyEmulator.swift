import ArgumentParser
import Foundation
import LoyaltyDirectory
import LoyaltyEmulatorServer
import LoyaltySandbox

/// `loyalty-emulator`: the SDK's sandbox backend on a port of 127.0.0.1.
@main
struct LoyaltyEmulator: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loyalty-emulator",
    abstract: "Serves the loyalty SDK's sandbox backend over HTTP on 127.0.0.1.",
    discussion: """
      Every call of Docs/API.md is answered from fixtures drawn from --seed. Point the SDK at \
      it with LoyaltyEnvironment.custom(URL(string: "http://127.0.0.1:<port>")!), using the \
      same app UUID, merchant id and API key. Stop it with Ctrl-C.
      """)

  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080

  @Option(help: "The seed the fixture data is drawn from.")
  var seed: UInt64 = 1

  @Option(help: "Campaigns in the standard context.")
  var campaigns = SandboxFixtures().campaigns

  @Option(help: "Merchants.")
  var merchants = SandboxFixtures().merchants

  @Option(name: .customLong("coupon-sets"), help: "Coupon sets.")
  var couponSets = SandboxFixtures().couponSets

  @Option(help: "Fixture users (user1@sandbox.test ...).")
  var users = SandboxFixtures().users

  @Option(name: .customLong("coupons-per-user"), help: "Coupons each fixture user holds.")
  var couponsPerUser = SandboxFixtures().couponsPerUser

  @Option(name: .customLong("token-lifetime"), help: "Access token lifetime, in seconds.")
  var tokenLifetime = 3_600.0

  @Option(help: "Background faults: none, flaky (some 429/503 and latency) or slow.")
  var faults = "none"

  @Option(
    help: "Where answers put their members: context (the backend's shape) or flat (top level).")
  var envelope = SandboxEnvelope.context.rawValue

  @Option(
    help: """
      How answers hold their list: keyed (under its key, the sandbox's form), bare (the \
      payload is the list), items or entries (under that key), single (its first element).
      """)
  var lists = SandboxListForm.keyed.rawValue

  @Option(name: .customLong("app-uuid"), help: "The app UUID paths must carry.")
  var appUUID = SandboxConfiguration().appUUID

  @Option(name: .customLong("merchant-id"), help: "The loyalty-web-id requests must send.")
  var merchantID = SandboxConfiguration().merchantID

  @Option(name: .customLong("api-key"), help: "The API key requests are signed with.")
  var apiKey = SandboxConfiguration().apiKey

  @Option(
    name: .customLong("max-clock-skew"),
    help: "Refuse a loyalty-date further than this many seconds from the clock.")
  var maxClockSkew: Double?

  @Flag(
    inversion: .prefixedNo,
    help: "Gzip answers when the client sends Accept-Encoding: gzip.")
  var gzip = true

  @Option(
    help: "Optional calls answered 404, as a backend without them: some of poi,directory,flows.")
  var without = ""

  @Option(
    help: "How objects are answered: own, bare (the payload itself), wrapped, or domain.")
  var objects = "own"

  @Option(
    help: "How the calls of --without are answered: 404, 501, empty (an empty success) or other.")
  var unoffered = "404"

  /// The answers `--unoffered` names.
  static let unofferedAnswers: [String: SandboxFault] = [
    "404": .status(404), "501": .status(501), "empty": .emptySuccess, "other": .otherCallAnswer,
  ]

  @Flag(help: "Print no request log.")
  var quiet = false

  @Flag(
    inversion: .prefixedNo,
    help: "Serve the web console (requests, state, faults, actions) at /_emulator/.")
  var ui = true

  @Option(
    name: .customLong("ui-token"),
    help: "A token the console and its API require (open the console with ?token=<token>).")
  var uiToken: String?

  @Option(name: .customLong("ui-log-limit"), help: "The most requests the console's log keeps.")
  var uiLogLimit = 1_000

  @Flag(
    help: """
      Keep a ledger of the whole run for checking invariants afterwards, served at \
      /_emulator/api/ledger (it grows with the run; needs the console).
      """)
  var ledger = false

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be between 0 and 65535.")
    }
    guard SandboxFaultProfile(name: faults) != nil else {
      throw ValidationError("--faults must be none, flaky or slow.")
    }
    guard SandboxEnvelope(rawValue: envelope) != nil else {
      throw ValidationError("--envelope must be context or flat.")
    }
    guard (try? SandboxOffers(names: without)) != nil else {
      throw ValidationError("--without takes some of poi,directory,flows, comma-separated.")
    }
    guard SandboxListForm(rawValue: lists) != nil else {
      throw ValidationError("--lists must be keyed, bare, items, entries or single.")
    }
    guard SandboxObjectForm(rawValue: objects) != nil else {
      throw ValidationError("--objects must be own, bare, wrapped or domain.")
    }
    guard Self.unofferedAnswers[unoffered] != nil else {
      throw ValidationError("--unoffered must be 404, 501, empty or other.")
    }
    guard (1...1_000_000).contains(uiLogLimit) else {
      throw ValidationError("--ui-log-limit must be between 1 and 1000000.")
    }
    guard (0...10_000).contains(couponsPerUser) else {
      throw ValidationError("--coupons-per-user must be between 0 and 10000.")
    }
    guard !ledger || ui else {
      throw ValidationError("--ledger is served by the console: drop --no-ui.")
    }
    guard tokenLifetime > 0 else {
      throw ValidationError("--token-lifetime must be positive.")
    }
  }

  func run() async throws {
    // The server's clock, which the console's Faults page may set ahead or behind.
    let clock = OffsetClock()
    var configuration = SandboxConfiguration(
      appUUID: appUUID, merchantID: merchantID, apiKey: apiKey, tokenLifetime: tokenLifetime,
      maxClockSkew: maxClockSkew, gzipResponses: gzip, clock: clock,
      envelope: SandboxEnvelope(rawValue: envelope) ?? .context,
      listForm: SandboxListForm(rawValue: lists) ?? .keyed)
    configuration.offers = .all.subtracting(try SandboxOffers(names: without))
    configuration.objectForm = SandboxObjectForm(rawValue: objects) ?? .own
    configuration.unofferedAnswer = Self.unofferedAnswers[unoffered] ?? .status(404)
    let fixtures = SandboxFixtures(
      seed: seed, campaigns: campaigns, couponSets: couponSets, merchants: merchants, users: users,
      couponsPerUser: couponsPerUser)
    let profile = SandboxFaultProfile(name: faults, seed: seed) ?? .none
    let backend = SandboxBackend(
      configuration: configuration, fixtures: fixtures, faultProfile: profile)
    // The merchant directory's snapshot, generated from the sandbox's directory fixtures.
    backend.publishDirectorySnapshot(
      try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 200)),
      schemaVersion: DirectorySchema.currentVersion)
    var log: (@Sendable (RequestLogLine) -> Void)?
    if !quiet {
      log = { line in writeLine(line.description) }
    }
    let console =
      ui
      ? EmulatorConsole(
        backend: backend, clock: clock, token: uiToken, logLimit: uiLogLimit,
        ledger: ledger ? EmulatorLedger() : nil) : nil
    let server = EmulatorServer(backend: backend, console: console, log: log)
    let summary =
      "app \(appUUID), merchant \(merchantID), seed \(seed), faults \(profile.name), "
      + "envelope \(envelope), lists \(lists), objects \(objects), "
      + "token lifetime \(Int(tokenLifetime)) s, "
      + "\(backend.catalog.campaigns.count) campaigns, \(backend.catalog.merchants.count) merchants, "
      + "a directory snapshot of 200 merchants"
      + (without.isEmpty
        ? ""
        : ", without \(SandboxOffers.all.subtracting(configuration.offers)) (answered \(unoffered))")
    try await server.run(port: port) { bound in
      writeLine("loyalty-emulator listening on http://\(EmulatorServer.host):\(bound) (\(summary))")
      if console != nil {
        let query = uiToken.map { "?token=\($0)" } ?? ""
        writeLine(
          "console: http://\(EmulatorServer.host):\(bound)\(EmulatorConsole.prefix)\(query)")
      }
    }
  }
}

/// Writes a line to standard output at once, even when it is a pipe.
@Sendable func writeLine(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
