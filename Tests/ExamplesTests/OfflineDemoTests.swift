import Foundation
import LoyaltyTestSupport
import Testing

@testable import LoyaltyDemo

/// `loyalty-demo --offline`: after an online run on a data directory, the network cut, the
/// tour shows what the device kept, each value with its age; on an empty directory it says
/// there is nothing cached; both exit 0.
@Suite("loyalty-demo --offline")
struct OfflineDemoTests {
  private static func demo() throws -> URL {
    try #require(
      TestHelperProcess.locate(named: "loyalty-demo"), "loyalty-demo is not built next to the tests"
    )
  }

  @Test(
    "Offline demo: after an online run, the coupons, points and pass from the cache",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func offlineAfterOnline() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-demo-offline-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let online = try await TestHelperProcess.run(try Self.demo(), ["--data-dir", directory.path])
    #expect(online.status == 0, "standard error:\n\(online.error)")
    let run = try await TestHelperProcess.run(
      try Self.demo(), ["--data-dir", directory.path, "--offline"])
    #expect(run.status == 0, "exited with \(run.status); standard error:\n\(run.error)")
    let output = run.output
    #expect(output.contains("signed in from the device"), "\(output)")
    #expect(
      output.firstMatch(of: /\d+ coupons from the cache, as of .+ \(\d+ s old\): \d+ active/)
        != nil, "\(output)")
    #expect(output.contains("none shown as active"), "\(output)")
    #expect(output.contains("at the till, "), "\(output)")
    #expect(output.firstMatch(of: /balance \d+ points from the cache, as of/) != nil, "\(output)")
    #expect(output.firstMatch(of: /market pass \d{13} from the cache, as of/) != nil, "\(output)")
    #expect(output.contains("transactions: notConnected"), "\(output)")
    #expect(output.contains("wait for the network"), "\(output)")
  }

  @Test(
    "Offline demo: an empty data directory has nothing cached, said in one line",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func offlineEmpty() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-demo-offline-empty-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await TestHelperProcess.run(
      try Self.demo(), ["--data-dir", directory.path, "--offline"])
    #expect(run.status == 0, "standard error:\n\(run.error)")
    #expect(run.output.contains("nothing cached on this device"), "\(run.output)")
  }

  @Test("Offline demo: --offline needs --data-dir and does not erase")
  func offlineOptions() throws {
    #expect(throws: DemoError.self) { try DemoOptions.parse(["--offline"]) }
    #expect(throws: DemoError.self) {
      try DemoOptions.parse(["--data-dir", "/tmp/x", "--offline", "--erase"])
    }
    #expect(try DemoOptions.parse(["--data-dir", "/tmp/x", "--offline"])?.offline == true)
  }
}
