import Foundation
import LoyaltyTestSupport
import Testing

@testable import LoyaltyBarcode

/// Random payloads drawn as QR codes, rendered as PNG and read back by a real scanner
/// (`zbarimg`): the text read must be the payload, for every one.
///
/// The payloads come from a seeded generator: a failure names the seed and the payload's
/// index, and the same seed draws the same payloads again.
@Suite struct QRScannerTests {
  /// The seed of the payloads: a fixed one, or the hexadecimal `LOYALTY_QR_SEED` of the
  /// environment to draw others (`LOYALTY_QR_SEED=5EED0C0DE2026` draws the usual ones).
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["LOYALTY_QR_SEED"].flatMap { UInt64($0, radix: 16) }
    ?? 0x5EED_0C0D_E2026

  /// How many payloads: spread over the kinds, levels and sizes below.
  static let count = 1_040

  /// A kind of payload.
  enum Kind: CaseIterable, CustomStringConvertible {
    case digits, alphanumeric, ascii, latin1, utf8, url

    var description: String {
      switch self {
      case .digits: "digits"
      case .alphanumeric: "alphanumeric"
      case .ascii: "ASCII text"
      case .latin1: "Latin-1 text"
      case .utf8: "UTF-8 text"
      case .url: "URL"
      }
    }
  }

  /// One drawn payload and what it was drawn with.
  struct Case {
    var index: Int
    var kind: Kind
    var level: QREncoder.ErrorCorrection
    var payload: String
    var symbol: BarcodeSymbol

    var name: String { "qr-\(index).png" }

    func describe(_ read: String) -> String {
      let version = QREncoder.version(of: symbol).map(String.init) ?? "?"
      return
        "seed 0x\(String(QRScannerTests.seed, radix: 16, uppercase: true)) payload \(index) (\(kind), level \(level), version "
        + "\(version), \(payload.unicodeScalars.count) characters): "
        + "\(payload.debugDescription) read as \(read.debugDescription)"
    }
  }

  @Test(.enabled(if: ZBarScanner.shouldRun))
  func randomPayloadsReadBack() async throws {
    let scanner = try ZBarScanner.required()
    // A thousand symbols drawn on a thread of their own: on the cooperative pool they would
    // hold one of its few threads for seconds, and the other suites' timers with it.
    let (cases, images) = try await offThePool { Result { try Self.drawAll() } }.get()
    let versions = Set(cases.compactMap { QREncoder.version(of: $0.symbol) })
    #expect(versions.contains(40) && versions.count >= 30, "versions drawn: \(versions.sorted())")

    let readings = try await scanner.scan(images, options: Self.qrOnly)
    var mismatches = 0
    for item in cases {
      let found = readings[item.name] ?? []
      let text = found.first?.text ?? "<nothing>"
      let ok = found.count == 1 && found.first?.type == "QR-Code" && text == item.payload
      if !ok { mismatches += 1 }
      let read =
        found.count == 1
        ? text
        : "\(found.count) symbols: " + found.map { "\($0.type) \($0.text)" }.joined(separator: ", ")
      #expect(ok, "\(item.describe(read))")
    }
    #expect(mismatches == 0)
  }

  /// Every case of the test, drawn, and its PNG image.
  static func drawAll() throws -> ([Case], [(name: String, data: Data)]) {
    var generator = SeededRandom(seed: Self.seed)
    var cases: [Case] = []
    var images: [(name: String, data: Data)] = []
    for index in 0..<Self.count {
      let kind = Kind.allCases[index % Kind.allCases.count]
      let level = QREncoder.ErrorCorrection.allCases[(index / Kind.allCases.count) % 4]
      let (payload, symbol) = try Self.draw(
        kind, level: level, length: Self.length(using: &generator),
        using: &generator)
      let version = QREncoder.version(of: symbol) ?? 40
      // Whole pixels per module, fewer for the large versions so the images stay small.
      let renderer = PNGRenderer(moduleSize: version <= 10 ? 3 : 2)
      let item = Case(index: index, kind: kind, level: level, payload: payload, symbol: symbol)
      cases.append(item)
      images.append((item.name, Data(try renderer.render(symbol))))
    }
    return (cases, images)
  }

  /// A payload of `kind` about `length` characters long and its symbol; a payload too
  /// long for version 40 at `level` is halved until it fits.
  static func draw(
    _ kind: Kind, level: QREncoder.ErrorCorrection, length: Int,
    using generator: inout SeededRandom
  ) throws -> (String, BarcodeSymbol) {
    var length = length
    while true {
      let payload = Self.payload(kind, length: length, using: &generator)
      let result = Result { () throws(BarcodeError) in
        try QREncoder(errorCorrection: level).encode(payload)
      }
      switch result {
      case .success(let symbol): return (payload, symbol)
      case .failure(let error):
        guard case .tooLong = error.reason, length > 1 else { throw error }
        length /= 2
      }
    }
  }

  /// The payload's length in characters: mostly short (a coupon or a URL), some medium,
  /// some as long as a level's largest symbols hold.
  static func length(using generator: inout SeededRandom) -> Int {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<6: Int.random(in: 1...80, using: &generator)
    case 6..<8: Int.random(in: 80...600, using: &generator)
    case 8: Int.random(in: 600...1_800, using: &generator)
    default: Int.random(in: 1_800...7_089, using: &generator)
    }
  }

  /// A random payload of `kind`, `length` characters long. No control characters, so
  /// every payload is text a till would print.
  static func payload(
    _ kind: Kind, length: Int, using generator: inout SeededRandom
  )
    -> String
  {
    func pick(_ characters: [Character]) -> Character {
      characters[Int.random(in: 0..<characters.count, using: &generator)]
    }
    let count = max(1, length)
    switch kind {
    case .digits:
      return String((0..<count).map { _ in pick(digits) })
    case .alphanumeric:
      return String((0..<count).map { _ in pick(alphanumerics) })
    case .ascii:
      return String((0..<count).map { _ in pick(printableASCII) })
    case .url:
      let path = String((0..<count).map { _ in pick(urlCharacters) })
      return "https://coupons.example.com/r/" + path
    case .latin1:
      // At least one character above ASCII, the rest mixed with ASCII.
      var text = [pick(latin1Letters)]
      for _ in 1..<count {
        text.append(Bool.random(using: &generator) ? pick(latin1Letters) : pick(printableASCII))
      }
      return String(text)
    case .utf8:
      var text = [pick(greek)]
      for _ in 1..<count {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: text.append(pick(greek))
        case 1: text.append(pick(emoji))
        case 2: text.append(pick(latin1Letters))
        default: text.append(pick(printableASCII))
        }
      }
      return String(text)
    }
  }

  static let digits = Array("0123456789")
  static let alphanumerics = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
  static let printableASCII = (0x20...0x7E).compactMap { Unicode.Scalar($0).map(Character.init) }
  static let urlCharacters = Array(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&")
  static let latin1Letters = (0xA0...0xFF).compactMap { Unicode.Scalar($0).map(Character.init) }
  static let greek = (0x391...0x3C9).compactMap { value -> Character? in
    value == 0x3A2 ? nil : Unicode.Scalar(value).map(Character.init)
  }
  static let emoji = (0x1F600...0x1F64F).compactMap { Unicode.Scalar($0).map(Character.init) }

  /// zbar's options to look for QR codes only: with every symbology on, its linear
  /// decoders now and then find an Interleaved 2 of 5 code across a QR code's modules.
  static let qrOnly = ["-Sdisable", "-Sqrcode.enable"]
}
