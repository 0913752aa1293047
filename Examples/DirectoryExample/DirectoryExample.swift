import LoyaltyCore
import LoyaltyDirectory
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

/// `swift run example-directory`: LoyaltyDirectory. The sandbox publishes a directory
/// snapshot generated from its fixtures; the client syncs it (watching the progress),
/// searches it offline with a Greek query typed without accents, nearest first, syncs
/// again (not modified), and survives a corrupt snapshot with the previous one serving.
@main
struct DirectoryExample {
  static func main() async {
    do {
      try await run()
      print("\nexample-directory: done.")
    } catch {
      var message = "example-directory failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-directory-api-key",
      bundleID: "com.example.directory-example",
      // Requests never leave the process: the sandbox transport answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "el",
      preset: .testing)
    configuration.device.registersAtStart = false
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    backend.publishDirectorySnapshot(
      try DirectorySnapshotWriter.data(SandboxBackend.directoryFixtures(count: 40)),
      schemaVersion: DirectorySchema.currentVersion)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "example-directory-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(), DirectoryModule(configuration: DirectoryConfiguration(folder: folder)),
      ],
      overrides: CapabilityOverrides().overriding(.httpTransport, with: SandboxTransport(backend)))
    let directory = try client.directory

    let progress = directory.progressUpdates()
    let watcher = Task {
      var phases: [String] = []
      for await report in progress where phases.last != report.phase.rawValue {
        phases.append(report.phase.rawValue)
      }
      return phases
    }

    print("1. sync")
    if case .updated(let info) = try await directory.sync() {
      print(
        "   installed snapshot \(info.version): \(info.merchantCount) merchants, schema "
          + "\(info.schemaVersion), FTS5: \(info.fullTextSearch)")
    }

    print("2. search \"καφε\" (no accents) near Monastiraki")
    let here = DirectoryLocation(latitude: 37.9761, longitude: 23.7255)
    for result in try await directory.search(DirectoryQuery("καφε", near: here, limit: 3)) {
      let metres = Int(result.distance ?? 0)
      let providers = result.merchant.providers.map(\.rawValue).joined(separator: ", ")
      print("   \(result.merchant.name), \(metres) m [\(providers)]")
    }
    // A provider is a package trait: a host that compiles CTX out filters on it no more.
    if DirectoryProviders.compiledIn.contains(where: { $0.id == .ctx }) {
      let giftCards = try await directory.search(
        DirectoryQuery("", provider: .ctx, paymentType: .giftCard, limit: 100))
      print("   gift cards through CTX: \(giftCards.count) merchants")
    } else {
      print("   gift cards through CTX: the provider is compiled out of this build")
    }

    print("3. sync again")
    if case .notModified = try await directory.sync() {
      print("   not modified (304): nothing downloaded")
    }

    print("4. a corrupt snapshot is refused")
    backend.failNextDirectorySnapshot(with: .corruptFile)
    do {
      try await directory.sync()
    } catch let error as LoyaltyError {
      let version = await directory.snapshotInfo()?.version ?? 0
      print("   \(error.code.name); snapshot \(version) keeps serving")
    }

    await client.shutdown()
    print("   progress phases: \(await watcher.value.joined(separator: " → "))")
  }
}
