import Foundation
import LoyaltyTestSupport
import Testing

/// Runs each example binary, built beside the test bundle, and checks that it exits 0
/// and prints what it is meant to show.
@Suite("Examples")
struct ExamplesTests {
  /// An example: its executable product and a line its output must contain.
  struct Example: Sendable, CustomTestStringConvertible {
    let product: String
    let expectedLine: String

    var testDescription: String { product }
  }

  static let examples = [
    Example(product: "example-core", expectedLine: "start failed, as it should"),
    Example(product: "example-network", expectedLine: "refreshed before the call: 1 refresh"),
    Example(product: "example-store", expectedLine: "integrity check: ok"),
    Example(product: "example-security", expectedLine: "a tampered box: decryptionFailed"),
    Example(product: "example-events", expectedLine: "uploader: a batch of 3 event(s)"),
    Example(product: "example-push", expectedLine: "pending notification handled: true"),
    Example(product: "example-market", expectedLine: "redeeming it again:"),
    Example(
      product: "example-custom-transport", expectedLine: "same answers as the recording"),
    Example(product: "example-location", expectedLine: "refused: outside 10:00-20:00"),
    Example(product: "example-flows", expectedLine: "payment tx_"),
    Example(product: "example-directory", expectedLine: "not modified (304)"),
    Example(
      product: "example-barcode", expectedLine: "refused, nothing drawn: EAN-13: check digit 8"),
    Example(product: "example-all-products", expectedLine: "tracked 1, pending 1"),
  ]

  @Test("each example exits 0 and prints its walkthrough", arguments: examples)
  func runs(_ example: Example) async throws {
    let executable = try #require(
      TestHelperProcess.locate(named: example.product),
      "\(example.product) is not built next to the test bundle")
    let run = try await TestHelperProcess.run(executable)
    #expect(
      run.status == 0,
      "\(example.product) exited with \(run.status); standard error:\n\(run.error)")
    #expect(
      run.output.contains(example.expectedLine),
      "\(example.product) did not print \"\(example.expectedLine)\":\n\(run.output)")
    #expect(run.output.contains("\(example.product): done."))
  }
}
