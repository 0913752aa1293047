import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@testable import LoyaltyDemo

/// `loyalty-demo` against backends that lack what seed 000 does not define: the steps
/// that need it are skipped in one line each, and the demo still exits 0; a call seed 000
/// defines that fails still ends it with a non-zero status.
@Suite("loyalty-demo on a backend without the optional calls")
struct LoyaltyDemoTests {
  private static func demo() throws -> URL {
    try #require(
      TestHelperProcess.locate(named: "loyalty-demo"), "loyalty-demo is not built next to the tests"
    )
  }

  /// Runs the demo with `arguments` and expects it to exit 0 having skipped the three
  /// steps beyond seed 000, one line each; returns what it printed.
  private static func runSkippingAll(_ arguments: [String]) async throws -> String {
    let run = try await TestHelperProcess.run(try demo(), arguments)
    #expect(run.status == 0, "exited with \(run.status); standard error:\n\(run.error)")
    let output = run.output
    for offering in ["points-of-interest sync", "account and payment flows", "merchant directory"] {
      #expect(
        output.contains("this backend offers no \(offering): skipped"),
        "no skip line for \(offering):\n\(output)")
    }
    #expect(output.contains(", 3 skipped."), "\(output)")
    return output
  }

  @Test(
    "without points of interest, directory and flows, the tour skips them and exits 0",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func skipsWhatIsNotOffered() async throws {
    let output = try await Self.runSkippingAll(["--without", "poi,directory,flows"])
    #expect(output.contains("Skipped (not offered by this backend)"))
    #expect(output.contains("6. Merchants near a point"), "the seed's steps still ran")
  }

  @Test(
    "optional calls answered with an empty success or another call's answer are skipped",
    .timeLimit(.minutes(TestTime.minutes(5))), arguments: ["empty", "other", "501"])
  func answeredButNotOffered(answer: String) async throws {
    let output = try await Self.runSkippingAll([
      "--without", "poi,directory,flows", "--unoffered", answer, "--objects", "bare",
      "--lists", "bare", "--envelope", "flat",
    ])
    #expect(output.contains("6. Merchants near a point"), "the seed's steps still ran")
  }

  @Test(
    "a call seed 000 defines that fails ends the demo with a non-zero status",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func seedCallFailure() async throws {
    // Nothing listens on port 1 of 127.0.0.1: the login, a seed call, cannot be made.
    let run = try await TestHelperProcess.run(
      try Self.demo(), ["--base-url", "http://127.0.0.1:1"])
    #expect(run.status != 0)
    #expect(run.error.contains("loyalty-demo:"))
    #expect(!run.output.contains("skipped"))
  }

  @Test(
    "the privacy step deletes the queued events, counted, then erases every file, listed",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func privacyStep() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-demo-privacy-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await TestHelperProcess.run(
      try Self.demo(), ["--data-dir", directory.path, "--erase"])
    #expect(run.status == 0, "exited with \(run.status); standard error:\n\(run.error)")
    let output = run.output
    let queued = try #require(
      output.firstMatch(of: /(\d+) analytics events queued/).flatMap { Int($0.1) }, "\(output)")
    #expect(queued >= 3)
    #expect(
      output.contains("\(queued) queued events deleted, 0 pending; 1 tracked since"), "\(output)")
    #expect(output.contains("deleted /LoyaltyCache_com.example.loyalty-demo.db"), "\(output)")
    #expect(output.contains("deleted /keys"), "\(output)")
    #expect(output.contains("could not be; the client is shut down"), "\(output)")
    #expect(output.contains(" 0 could not be"), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: directory.path), "the data directory is gone")
  }

  @Test(
    "--data-dir keeps the data for the next run unless --erase is given",
    .timeLimit(.minutes(TestTime.minutes(5))))
  func dataDirectoryIsKept() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-demo-kept-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for expected in ["run number 1", "run number 2"] {
      let run = try await TestHelperProcess.run(
        try Self.demo(), ["--data-dir", directory.path])
      #expect(run.status == 0, "standard error:\n\(run.error)")
      #expect(run.output.contains(expected), "\(run.output)")
      #expect(run.output.contains("kept for the next run (--data-dir)"))
    }
    #expect(FileManager.default.fileExists(atPath: directory.path))
    #expect(throws: DemoError.self) { try DemoOptions.parse(["--erase"]) }
  }

  @Test(
    "against a backend that answers lists as lists, every step completes",
    .timeLimit(.minutes(TestTime.minutes(5))),
    arguments: [
      ["--envelope", "flat", "--lists", "bare"], ["--lists", "items"],
      ["--objects", "bare", "--lists", "bare", "--envelope", "flat"],
      ["--objects", "wrapped"], ["--objects", "domain", "--envelope", "flat"],
    ])
  func otherListForms(arguments: [String]) async throws {
    let run = try await TestHelperProcess.run(try Self.demo(), arguments)
    #expect(run.status == 0, "exited with \(run.status); standard error:\n\(run.error)")
    #expect(!run.output.contains("skipped:"), "\(run.output)")
    #expect(run.output.contains("\nDone: "), "\(run.output)")
  }

  @Test("--envelope and --lists take known names, for the in-process sandbox only")
  func formOptions() throws {
    let options = try DemoOptions.parse(["--envelope", "flat", "--lists", "single"])
    #expect(options?.envelope == .flat && options?.lists == .single)
    #expect(throws: DemoError.self) { try DemoOptions.parse(["--lists", "tree"]) }
    #expect(throws: DemoError.self) { try DemoOptions.parse(["--envelope", "top"]) }
    #expect(throws: DemoError.self) {
      try DemoOptions.parse(["--lists", "bare", "--base-url", "http://127.0.0.1:8080"])
    }
  }

  @Test("--without is for the in-process sandbox only, and takes known names")
  func withoutOption() throws {
    #expect(
      try DemoOptions.parse(["--without", "poi,flows"])?.without == [.pointsOfInterest, .flows])
    #expect(throws: DemoError.self) { try DemoOptions.parse(["--without", "poi,coupons"]) }
    #expect(throws: DemoError.self) {
      try DemoOptions.parse(["--without", "poi", "--base-url", "http://127.0.0.1:8080"])
    }
  }

  // MARK: The decision

  private static func status(
    _ code: LoyaltyError.Code, _ status: Int, at endpoint: String
  ) -> LoyaltyError {
    LoyaltyError(
      code, "answered \(status)", metadata: ["endpoint": endpoint, "status": String(status)])
  }

  @Test("the SDK's notOffered, and only it, skips a step")
  func notOffered() {
    for step in DemoOptionalStep.allCases {
      #expect(
        step.isNotOffered(
          LoyaltyError(.notOffered, "not offered", metadata: ["endpoint": "any", "status": "404"])
        ))
    }
  }

  @Test("any other failure is a failure: the demo exits non-zero")
  func otherFailures() {
    let failures: [(DemoOptionalStep, any Error)] = [
      (.pointsOfInterest, Self.status(.httpStatus, 500, at: "retrieve_pois")),
      (.pointsOfInterest, Self.status(.httpStatus, 401, at: "retrieve_pois")),
      (.pointsOfInterest, LoyaltyError(.timedOut, "timed out")),
      (
        .pointsOfInterest,
        LoyaltyError(.poiSyncFailed, "no version", metadata: ["field": "MAPP_SHOPS.version"])
      ),
      (.directory, Self.status(.directoryDownloadFailed, 503, at: "directoryManifest")),
      // A later call's 404: the backend offers the step, and something is wrong.
      (.directory, Self.status(.directoryDownloadFailed, 404, at: "directorySnapshot")),
      (.flows, Self.status(.flowStepRejected, 404, at: "cpqrcValidate")),
      (.flows, Self.status(.flowStepRejected, 409, at: "flowClientVerification")),
      (.flows, LoyaltyError(.missingField, "no expiry", metadata: ["field": "expires_in"])),
      // Before the SDK read them as not offered, the demo guessed from these: no more.
      (.pointsOfInterest, Self.status(.httpStatus, 404, at: "retrieve_pois")),
      (.flows, Self.status(.flowFatalStatus, 501, at: "flowClientVerification")),
      // A status alone is not enough: the code must be one that carries an answer's status.
      (.pointsOfInterest, Self.status(.sessionEnded, 404, at: "retrieve_pois")),
      (.flows, CancellationError()),
    ]
    for (step, error) in failures {
      #expect(!step.isNotOffered(error), "\(step) \(error)")
    }
  }
}
