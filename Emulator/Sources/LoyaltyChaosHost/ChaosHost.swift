import ArgumentParser
import Foundation
import LoyaltyCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `loyalty-chaos-host`: one client doing what an app does, in a loop, against the
/// emulator, journaling what the SDK acknowledged; `scripts/chaos` runs several at once,
/// kills and restarts them, and checks their journals against the emulator's ledger.
@main
struct ChaosHost: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "loyalty-chaos-host",
    abstract: "One client of the chaos soak (scripts/chaos runs it; see Docs/Testing.md).",
    discussion: """
      Runs until SIGTERM, then delivers what analytics holds (for at most --drain seconds) \
      and exits 0. Every acknowledged track, redemption intent and outcome, privacy switch \
      and erasure is journaled to --journal, fsynced.
      """)

  @Option(name: .customLong("base-url"), help: "The emulator's address.")
  var baseURL: String

  @Option(name: .customLong("data-dir"), help: "The client's data directory.")
  var dataDirectory: String

  @Option(help: "The journal file (outside the data directory).")
  var journal: String

  @Option(help: "This host's number, which names its app (com.example.chaos.host<N>).")
  var host: Int

  @Option(help: "The seed of this host's choices.")
  var seed: UInt64

  @Option(help: "The users this host logs in as, comma-separated emails.")
  var users: String

  @Option(help: "The most seconds the final delivery of analytics may take.")
  var drain = 60.0

  /// Set by SIGTERM: finish the operation under way, deliver, exit.
  static let stopping = Atomic<Bool>(false)

  func run() async throws {
    signal(SIGTERM, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
    source.setEventHandler { ChaosHost.stopping.store(true, ordering: .relaxed) }
    source.resume()
    let emails = users.split(separator: ",").map(String.init)
    guard let url = URL(string: baseURL), !emails.isEmpty else {
      throw ValidationError("--base-url must be an address and --users name a user.")
    }
    let runner = try await HostRun(
      baseURL: url, dataDirectory: URL(fileURLWithPath: dataDirectory, isDirectory: true),
      journal: HostJournal(path: journal), host: host, seed: seed, users: emails)
    await runner.loop()
    await runner.deliver(within: drain)
    source.cancel()
  }
}
