import LoyaltyBarcode

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

// `swift run example-barcode [folder]`: LoyaltyBarcode alone. One code of each symbology
// drawn in the terminal, then written as PNG and SVG into `folder` (a temporary folder by
// default), each file listed with its size; then a code a server sent with its type, and
// one that cannot be drawn as it is, refused with a typed error.

/// A code of each symbology: what it is for, its encoder, its payload.
let samples: [(what: String, encoder: any BarcodeEncoder, payload: String)] = [
  ("a coupon's EAN-13, check digit computed", EAN13Encoder(height: 10), "590123412345"),
  ("a small package's EAN-8", EAN8Encoder(height: 8), "9638507"),
  ("a UPC-A", UPCAEncoder(height: 10), "03600029145"),
  ("a coupon code in Code 128 (digits in set C)", Code128Encoder(height: 8), "CPN-20261127"),
  ("a GS1-128 element string", GS1128Encoder(height: 8), "(01)09501101530003(17)270101"),
  ("a coupon link in a QR code, level M", QREncoder(), "https://loyalty.example/c/5901234123457"),
]

func fail(_ message: String) -> Never {
  var line = "example-barcode failed: \(message)\n"
  line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
let folder =
  arguments.first.map { URL(fileURLWithPath: $0, isDirectory: true) }
  ?? FileManager.default.temporaryDirectory.appendingPathComponent(
    "example-barcode-\(UUID().uuidString)", isDirectory: true)

do {
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  for (index, sample) in samples.enumerated() {
    let symbol = try sample.encoder.encode(sample.payload)
    print("\(index + 1). \(sample.what): \(symbol.symbology), reads \"\(symbol.text)\"")
    print(TextRenderer().render(symbol))
    let name =
      "\(index + 1)-\(String(symbol.symbology.rawValue.lowercased().map { $0 == " " ? "-" : $0 }))"
    let png = try PNGRenderer(moduleSize: 3).render(symbol)
    let svg = try SVGRenderer().render(symbol)
    try Data(png).write(to: folder.appendingPathComponent(name + ".png"))
    try Data(svg.utf8).write(to: folder.appendingPathComponent(name + ".svg"))
    print(
      "   \(name).png \(png.count) bytes, \(name).svg \(svg.utf8.count) bytes; "
        + "\(symbol.matrix.width)x\(symbol.matrix.height) modules, quiet zone included")
  }
  print("files in \(folder.path)")

  // What a coupon or a pass from the server gets: its type when it names one, else the
  // symbology the code shows (13 digits with a valid check digit: EAN-13).
  let pass = try BarcodeSymbol(code: "5901234123457", serverType: "EAN13")
  let coupon = try BarcodeSymbol(code: "SPRING-26", serverType: nil)
  print("server's EAN13 5901234123457: \(pass.symbology); coupon SPRING-26: \(coupon.symbology)")
  do {
    _ = try BarcodeSymbol(code: "5901234123458", serverType: "EAN13")
    fail("a wrong check digit was drawn")
  } catch {
    print("refused, nothing drawn: \(error)")
  }
  print("\nexample-barcode: done.")
} catch {
  fail("\(error)")
}
