import Foundation
import LoyaltyTestSupport
import Testing

/// The demo's coupon at the till: the code it prints is the one a real scanner reads from
/// the PNG it writes.
@Suite("loyalty-demo: the coupon's code, drawn and scanned")
struct DemoBarcodeTests {
  @Test(
    "coupon.png beside the data directory reads back the code the demo printed",
    .enabled(if: ZBarScanner.shouldRun), .timeLimit(.minutes(TestTime.minutes(5))))
  func couponIsScannable() async throws {
    let scanner = try ZBarScanner.required()
    let demo = try #require(TestHelperProcess.locate(named: "loyalty-demo"))
    // The images go beside the data directory, in the folder that holds it.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-demo-barcode-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("data", isDirectory: true)
    let run = try await TestHelperProcess.run(demo, ["--data-dir", data.path])
    #expect(run.status == 0, "standard error:\n\(run.error)")
    // "at the till, "<name>": EAN-13 5901234123457"
    let line = try #require(
      run.output.split(separator: "\n").first { $0.contains("at the till, ") })
    let printed = try #require(line.split(separator: " ").last.map(String.init))
    let png = try Data(contentsOf: folder.appendingPathComponent("coupon.png"))
    let svg = try String(contentsOf: folder.appendingPathComponent("coupon.svg"), encoding: .utf8)
    #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
    let readings = try await scanner.scan([("coupon.png", png)])
    #expect(readings["coupon.png"] == [ZBarScanner.Reading(type: "EAN-13", text: printed)])
  }
}
