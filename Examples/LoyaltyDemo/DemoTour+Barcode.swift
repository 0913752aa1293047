import Foundation
import LoyaltyBarcode
import LoyaltyMarket
import LoyaltyMarketBarcode

extension DemoTour {
  /// Step 3, at the till: the first active coupon's code drawn as a cashier scans it, in the
  /// terminal, then written as PNG and SVG beside the data directory (in the folder that
  /// holds it, with `--data-dir`), or into a folder of the system's temporary directory,
  /// replaced on each run. Not inside it: the data directory holds what the SDK wrote,
  /// which erasing removes whole.
  func couponBarcode(_ report: inout DemoReport, active: [Coupon]) throws {
    guard let coupon = active.first else {
      report.line("no active coupon to show at the till")
      return
    }
    let symbol: BarcodeSymbol
    do {
      symbol = try coupon.barcodeSymbol()
    } catch {
      // A code no symbology draws as it is: said, never drawn as another code.
      report.line("the coupon's code \"\(coupon.barcode)\" cannot be drawn: \(error)")
      return
    }
    report.line("at the till, \"\(coupon.name)\": \(symbol.symbology) \(symbol.text)")
    print(TextRenderer().render(symbol.withBarHeight(6)))
    let folder =
      options.dataDirectory?.deletingLastPathComponent()
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "loyalty-demo-coupon", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let png = try PNGRenderer(moduleSize: 3).render(symbol)
    let svg = try SVGRenderer(showsHumanReadable: true).render(symbol)
    let pngFile = folder.appendingPathComponent("coupon.png")
    let svgFile = folder.appendingPathComponent("coupon.svg")
    try Data(png).write(to: pngFile, options: .atomic)
    try Data(svg.utf8).write(to: svgFile, options: .atomic)
    report.line(
      "written: \(pngFile.path) (\(png.count) bytes), coupon.svg (\(svg.utf8.count) bytes)")
  }
}
