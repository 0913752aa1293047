import Foundation
import LoyaltyTestSupport
import Testing

@testable import LoyaltyBarcode

/// Random payloads of every linear symbology, drawn as PNG and read back by a real scanner
/// (zbar): what it reads must be each symbol's ``BarcodeSymbol/text``, with no mismatch.
///
/// The payloads come from a seeded generator: `LOYALTY_SCANNER_SEED` replays a run, and a
/// failure names the seed and the payload. zbar reads a linear code along rows of pixels,
/// so the bar height does not change what it decodes: most symbols are drawn 12 modules
/// high, which makes the run three times faster, and every 50th at the encoder's default.
/// The tests run one at a time, each blocking its thread while zbar runs.
@Suite("Linear codes read back by zbar", .serialized)
struct LinearScannerTests {
  /// Payloads per symbology.
  static let count = 1000

  /// The generator's seed: `LOYALTY_SCANNER_SEED`, or a fixed one.
  static let seed: UInt64 = {
    let value = ProcessInfo.processInfo.environment["LOYALTY_SCANNER_SEED"]
    return value.flatMap { UInt64($0) } ?? 0x5EED_0128
  }()

  /// `count` random digits.
  static func digits(_ count: Int, using random: inout SeededRandom) -> String {
    String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
  }

  /// The bar height of most symbols of the round trips, in modules.
  static let shortHeight = 12

  /// Encodes each payload (with `short`, every 50th with `full`), renders it as PNG (module
  /// size 2, 1-bit and 8-bit in turn), scans them all, and records each payload whose
  /// reading is not `[expected(symbol)]`.
  func roundTrip(
    _ short: some BarcodeEncoder, full: some BarcodeEncoder, payloads: [String],
    options: [String] = [], expected: (BarcodeSymbol) -> ZBarScanner.Reading
  ) async throws {
    let scanner = try ZBarScanner.required()
    // A thousand symbols drawn on a thread of their own: on the cooperative pool they would
    // hold one of its few threads for seconds, and the other suites' timers with it.
    let (symbols, images) = try await offThePool {
      Result { () throws -> ([BarcodeSymbol], [(name: String, data: Data)]) in
        var symbols: [BarcodeSymbol] = []
        var images: [(name: String, data: Data)] = []
        for (index, payload) in payloads.enumerated() {
          let symbol = try index.isMultiple(of: 50) ? full.encode(payload) : short.encode(payload)
          let depth: PNGRenderer.Depth = index.isMultiple(of: 2) ? .oneBit : .eightBit
          let png = try PNGRenderer(moduleSize: 2, depth: depth).render(symbol)
          symbols.append(symbol)
          images.append(("\(index).png", Data(png)))
        }
        return (symbols, images)
      }
    }.get()
    let readings = try await scanner.scan(images, options: options)
    var mismatches = 0
    for (index, symbol) in symbols.enumerated() {
      let read = readings["\(index).png"] ?? []
      if read != [expected(symbol)] {
        mismatches += 1
        Issue.record(
          """
          seed \(Self.seed), payload \(index) \(payloads[index].debugDescription): \
          read \(read), expected \(expected(symbol))
          """)
      }
    }
    #expect(mismatches == 0, "seed \(Self.seed)")
  }

  @Test("EAN-13", .enabled(if: ZBarScanner.shouldRun))
  func ean13() async throws {
    var random = SeededRandom(seed: Self.seed)
    let payloads = (0..<Self.count).map { _ in Self.digits(12, using: &random) }
    try await roundTrip(
      EAN13Encoder(height: Self.shortHeight), full: EAN13Encoder(), payloads: payloads
    ) { .init(type: "EAN-13", text: $0.text) }
  }

  @Test("EAN-8", .enabled(if: ZBarScanner.shouldRun))
  func ean8() async throws {
    var random = SeededRandom(seed: Self.seed &+ 1)
    let payloads = (0..<Self.count).map { _ in Self.digits(7, using: &random) }
    try await roundTrip(
      EAN8Encoder(height: Self.shortHeight), full: EAN8Encoder(), payloads: payloads
    ) {
      .init(type: "EAN-8", text: $0.text)
    }
  }

  @Test("UPC-A, with zbar's UPC-A enabled", .enabled(if: ZBarScanner.shouldRun))
  func upcA() async throws {
    var random = SeededRandom(seed: Self.seed &+ 2)
    let payloads = (0..<Self.count).map { _ in Self.digits(11, using: &random) }
    try await roundTrip(
      UPCAEncoder(height: Self.shortHeight), full: UPCAEncoder(), payloads: payloads,
      options: ["-Supca.enable"]
    ) {
      .init(type: "UPC-A", text: $0.text)
    }
  }

  /// A Code 128 payload of 1 to 40 characters: runs of digits, upper case and punctuation,
  /// lower case, and control characters (DEL among them), mixed.
  static func code128Payload(using random: inout SeededRandom) -> String {
    let length = Int.random(in: 1...40, using: &random)
    var scalars: [UInt8] = []
    while scalars.count < length {
      let kind = Int.random(in: 0..<20, using: &random)
      let run = Int.random(in: 1...(kind < 7 ? 8 : 4), using: &random)
      for _ in 0..<run {
        switch kind {
        case 0..<7: scalars.append(UInt8.random(in: 0x30...0x39, using: &random))
        case 7..<12: scalars.append(UInt8.random(in: 0x20...0x5F, using: &random))
        case 12..<17: scalars.append(UInt8.random(in: 0x60...0x7F, using: &random))
        default: scalars.append(UInt8.random(in: 0x00...0x1F, using: &random))
        }
      }
    }
    return String(decoding: scalars.prefix(length), as: UTF8.self)
  }

  @Test("Code 128: 1 to 40 characters of all ASCII", .enabled(if: ZBarScanner.shouldRun))
  func code128() async throws {
    var random = SeededRandom(seed: Self.seed &+ 3)
    let payloads = (0..<Self.count).map { _ in Self.code128Payload(using: &random) }
    try await roundTrip(
      Code128Encoder(height: Self.shortHeight), full: Code128Encoder(), payloads: payloads
    ) { .init(type: "CODE-128", text: $0.text) }
  }

  /// A GS1 element string of one to four elements, in random order, of at most 48 data
  /// characters.
  static func gs1Payload(using random: inout SeededRandom) -> String {
    // GS1's 82 characters but "(", which this form keeps for AIs.
    let characters = Array(
      "!\"%&')*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
    func text(_ maximum: Int) -> String {
      let count = Int.random(in: 1...maximum, using: &random)
      return String((0..<count).map { _ in characters.randomElement(using: &random) ?? "A" })
    }
    func withCheckDigit(_ digits: String) -> String {
      let values = digits.utf8.map { $0 - 0x30 }
      return digits + String(UPCEAN.checkDigit(of: values))
    }
    var elements = [
      "(01)" + withCheckDigit(digits(13, using: &random)),
      "(00)" + withCheckDigit(digits(17, using: &random)),
      "(17)" + digits(6, using: &random),
      "(3103)" + digits(6, using: &random),
      "(10)" + text(20),
      "(21)" + text(20),
      "(30)" + digits(Int.random(in: 1...8, using: &random), using: &random),
      "(400)" + text(30),
    ]
    elements.shuffle(using: &random)
    var chosen = Array(elements.prefix(Int.random(in: 1...4, using: &random)))
    while chosen.count > 1,
      (try? GS1ElementString(parsing: chosen.joined()))
        .map({ $0.dataCharacters > 48 }) ?? true
    {
      chosen.removeLast()
    }
    return chosen.joined()
  }

  @Test("GS1-128: AIs of fixed and variable length", .enabled(if: ZBarScanner.shouldRun))
  func gs1128() async throws {
    var random = SeededRandom(seed: Self.seed &+ 4)
    let payloads = (0..<Self.count).map { _ in Self.gs1Payload(using: &random) }
    try await roundTrip(
      GS1128Encoder(height: Self.shortHeight), full: GS1128Encoder(), payloads: payloads
    ) {
      .init(type: "CODE-128", text: $0.text, modifiers: ["GS1"])
    }
  }

  /// `matrix` with each module drawn as `scale` by `scale` modules.
  static func scaled(_ matrix: BarcodeMatrix, by scale: Int) -> BarcodeMatrix {
    var result = BarcodeMatrix(
      width: matrix.width * scale, height: matrix.height * scale, quietZone: .uniform(0))
    for y in 0..<result.height {
      for x in 0..<result.width where matrix[x / scale, y / scale] {
        result.set(x: x, y: y, dark: true)
      }
    }
    return result
  }

  @Test("PBM files are read too, at two pixels per module", .enabled(if: ZBarScanner.shouldRun))
  func pbm() async throws {
    let scanner = try ZBarScanner.required()
    let symbols = try [
      EAN13Encoder().encode("0036000291452"), EAN8Encoder().encode("96385074"),
      Code128Encoder().encode("PJJ123C\u{1}abc"),
      GS1128Encoder().encode("(01)09501101530003(10)AB12(17)250101"),
    ]
    let images = symbols.enumerated().map { index, symbol in
      (name: "\(index).pbm", data: Data(PBMRenderer().render(Self.scaled(symbol.matrix, by: 2))))
    }
    let readings = try await scanner.scan(images)
    for (index, symbol) in symbols.enumerated() {
      #expect(
        readings["\(index).pbm"]?.map(\.text) == [symbol.text], "\(symbol.text.debugDescription)")
    }
  }
}
