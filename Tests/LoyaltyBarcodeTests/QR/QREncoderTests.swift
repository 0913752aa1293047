import Testing

@testable import LoyaltyBarcode

/// The encoder's choices and limits: versions, levels, masks, quiet zone, capacities at
/// their edges, options at their edges, and its errors.
@Suite struct QREncoderTests {
  /// The most bytes byte mode holds at a version and level.
  static func byteCapacity(version: Int, level: QREncoder.ErrorCorrection) -> Int {
    (QRTables.dataCodewords(version: version, level: level) * 8 - 4 - (version <= 9 ? 8 : 16))
      / 8
  }

  @Test func exactCapacityFitsAndOneMoreByteTakesTheNextVersion() throws {
    for level in QREncoder.ErrorCorrection.allCases {
      for version in 1...40 {
        let capacity = Self.byteCapacity(version: version, level: level)
        let encoder = QREncoder(errorCorrection: level)
        let full = try encoder.encode(bytes: [UInt8](repeating: 0x61, count: capacity))
        #expect(QREncoder.version(of: full) == version, "\(version)-\(level)")
        #expect(QREncoder.errorCorrection(of: full) == level)
        let over = [UInt8](repeating: 0x61, count: capacity + 1)
        if version < 40 {
          #expect(QREncoder.version(of: try encoder.encode(bytes: over)) == version + 1)
        } else {
          #expect(
            throws: BarcodeError(
              .qr,
              .tooLong(
                maximum: QRTables.dataCodewords(version: 40, level: level),
                actual: QRTables.dataCodewords(version: 40, level: level) + 1))
          ) {
            try encoder.encode(bytes: over)
          }
        }
      }
    }
  }

  @Test func publishedCapacitiesOfVersion40() throws {
    // ISO/IEC 18004 Table 7: 7,089 digits, 4,296 alphanumerics, 2,953 bytes at 40-L;
    // 3,057 digits, 1,852 alphanumerics and 1,273 bytes at 40-H.
    let cases: [(QREncoder.ErrorCorrection, Character, Int)] = [
      (.low, "7", 7_089), (.low, "Z", 4_296), (.low, "z", 2_953),
      (.high, "7", 3_057), (.high, "Z", 1_852), (.high, "z", 1_273),
    ]
    for (level, character, capacity) in cases {
      let encoder = QREncoder(errorCorrection: level)
      let full = try encoder.encode(String(repeating: character, count: capacity))
      #expect(QREncoder.version(of: full) == 40, "\(character) x \(capacity) at \(level)")
      #expect(throws: BarcodeError.self) {
        try encoder.encode(String(repeating: character, count: capacity + 1))
      }
    }
    // The error counts data codewords: 7,090 digits need 18 + 23,630 + 4 bits, 4 more than
    // the 2,956 codewords of 40-L, so 2,957.
    #expect(throws: BarcodeError(.qr, .tooLong(maximum: 2_956, actual: 2_957))) {
      try QREncoder(errorCorrection: .low).encode(String(repeating: "7", count: 7_090))
    }
    #expect(throws: BarcodeError(.qr, .tooLong(maximum: 1_276, actual: 3_003))) {
      try QREncoder(errorCorrection: .high).encode(bytes: [UInt8](repeating: 1, count: 3_000))
    }
  }

  @Test func payloadsFarTooLongAreMeasuredNotCut() {
    // 100,000 digits: 18 header bits, 33,333 groups of 10 bits, one digit of 4.
    #expect(throws: BarcodeError(.qr, .tooLong(maximum: 2_956, actual: 41_669))) {
      try QREncoder(errorCorrection: .low).encode(String(repeating: "9", count: 100_000))
    }
    // A megabyte of text, refused as quickly.
    #expect(throws: BarcodeError.self) {
      try QREncoder().encode(String(repeating: "coupon ", count: 150_000))
    }
    // 100,000 bytes: two segments (a count holds 65,535 at most), 20 header bits each.
    #expect(throws: BarcodeError(.qr, .tooLong(maximum: 2_334, actual: 100_005))) {
      try QREncoder().encode(bytes: [UInt8](repeating: 0, count: 100_000))
    }
  }

  @Test func emptyPayloads() {
    #expect(throws: BarcodeError(.qr, .empty)) { try QREncoder().encode("") }
    #expect(throws: BarcodeError(.qr, .empty)) { try QREncoder().encode(bytes: []) }
  }

  @Test(arguments: [0, 7])
  func fixedMasks(mask: Int) throws {
    let symbol = try QREncoder(mask: mask).encode("MASK TEST")
    #expect(QRTestSupport.mask(symbol) == mask)
    #expect(QREncoder.errorCorrection(of: symbol) == .medium)
  }

  @Test func everyMaskGivesADifferentSymbolOfTheSameData() throws {
    let symbols = try (0..<8).map { try QREncoder(mask: $0).encode("https://example.com") }
    #expect(Set(symbols.map(\.matrix)).count == 8)
    let chosen = try QREncoder().encode("https://example.com")
    let mask = try #require(QRTestSupport.mask(chosen))
    #expect(chosen == symbols[mask])
  }

  @Test func optionsJustInsideTheirRange() throws {
    let inside = [
      QREncoder(minimumVersion: 1), QREncoder(minimumVersion: 40), QREncoder(mask: 0),
      QREncoder(mask: 7), QREncoder(quietZone: 0), QREncoder(quietZone: 100),
    ]
    for encoder in inside { _ = try encoder.encode("1") }
    let version40 = try QREncoder(minimumVersion: 40).encode("1")
    #expect(QREncoder.version(of: version40) == 40)
    let bare = try QREncoder(quietZone: 0).encode("1")
    #expect(bare.matrix.width == 21 && bare.matrix.quietZone == .uniform(0))
    let wide = try QREncoder(quietZone: 100).encode("1")
    #expect(wide.matrix.width == 221 && wide.matrix.height == 221)
  }

  @Test func optionsJustOutsideTheirRange() {
    let outside: [(QREncoder, String)] = [
      (QREncoder(minimumVersion: 0), "minimum version 0 outside 1...40"),
      (QREncoder(minimumVersion: 41), "minimum version 41 outside 1...40"),
      (QREncoder(mask: -1), "mask -1 outside 0...7"),
      (QREncoder(mask: 8), "mask 8 outside 0...7"),
      (QREncoder(quietZone: -1), "quiet zone -1 outside 0...100"),
      (QREncoder(quietZone: 101), "quiet zone 101 outside 0...100"),
    ]
    for (encoder, message) in outside {
      #expect(throws: BarcodeError(.qr, .invalidOption(message))) { try encoder.encode("1") }
      #expect(throws: BarcodeError(.qr, .invalidOption(message))) { try encoder.encode(bytes: [1]) }
    }
  }

  @Test func defaultsAndSymbolFields() throws {
    let encoder = QREncoder()
    #expect(encoder.symbology == .qr)
    #expect(encoder.errorCorrection == .medium)
    #expect(encoder.minimumVersion == 1 && encoder.mask == nil && encoder.quietZone == 4)
    #expect(!encoder.boostErrorCorrection)
    let symbol = try encoder.encode("Coupon 42")
    #expect(symbol.symbology == .qr)
    #expect(symbol.text == "Coupon 42")
    #expect(symbol.humanReadable == nil)
    #expect(symbol.matrix.quietZone == .uniform(4))
    #expect(symbol.matrix.width == 21 + 8 && symbol.matrix.height == 21 + 8)
    // The quiet zone is light.
    for index in 0..<symbol.matrix.width {
      #expect(!symbol.matrix[index, 3] && !symbol.matrix[3, index])
    }
    #expect(symbol.matrix[4, 4])  // the top-left finder's corner
  }

  @Test func levelIsTheOneAskedForUnlessBoosted() throws {
    // "HELLO" fits 1-L with room for 1-H: the level drawn is L unless boosting is asked.
    let asked = try QREncoder(errorCorrection: .low).encode("HELLO")
    #expect(QREncoder.errorCorrection(of: asked) == .low)
    let boosted = try QREncoder(errorCorrection: .low, boostErrorCorrection: true).encode("HELLO")
    #expect(QREncoder.errorCorrection(of: boosted) == .high)
    #expect(QREncoder.version(of: boosted) == 1)
    // In a larger version than needed, boosting raises the level as far as it fits.
    let payload = [UInt8](repeating: 7, count: Self.byteCapacity(version: 5, level: .low))
    let fixed = try QREncoder(errorCorrection: .low, minimumVersion: 10, boostErrorCorrection: true)
      .encode(bytes: payload)
    #expect(QREncoder.version(of: fixed) == 10)
    #expect(QREncoder.errorCorrection(of: fixed) == .high)
    // Full at its level: nothing to boost.
    let full = [UInt8](repeating: 7, count: Self.byteCapacity(version: 5, level: .medium))
    let same = try QREncoder(boostErrorCorrection: true).encode(bytes: full)
    #expect(QREncoder.errorCorrection(of: same) == .medium)
    #expect(QREncoder.version(of: same) == 5)
  }

  @Test func minimumVersionIsAFloor() throws {
    let small = try QREncoder(minimumVersion: 7).encode("1")
    #expect(QREncoder.version(of: small) == 7)
    let large = try QREncoder(minimumVersion: 2)
      .encode(bytes: [UInt8](repeating: 1, count: Self.byteCapacity(version: 3, level: .medium)))
    #expect(QREncoder.version(of: large) == 3)
  }

  @Test func characterSets() {
    #expect(QREncoder.encodedText("ABC abc 123").eci == nil)
    let latin1 = QREncoder.encodedText("café")
    #expect(latin1.bytes == [0x63, 0x61, 0x66, 0xE9] && latin1.eci == 3)
    let utf8 = QREncoder.encodedText("Ελ😀")
    #expect(utf8.bytes == Array("Ελ😀".utf8) && utf8.eci == 26)
    // One character beyond Latin-1 makes the whole text UTF-8.
    #expect(QREncoder.encodedText("é€").bytes == Array("é€".utf8))
    // The last character of Latin-1 is in it; the first after it is not.
    let last = QREncoder.encodedText("\u{FF}")
    #expect(last.bytes == [0xFF] && last.eci == 3)
    let after = QREncoder.encodedText("\u{100}")
    #expect(after.bytes == [0xC4, 0x80] && after.eci == 26)
  }

  @Test func binaryPayloads() throws {
    let bytes: [UInt8] = [0x00, 0x41, 0x80, 0xFF]
    let symbol = try QREncoder().encode(bytes: bytes)
    #expect(symbol.text.unicodeScalars.map { UInt8($0.value) } == bytes)
    // The same bytes as Latin-1 text draw the same symbol, less the ECI designator.
    let asText = try QREncoder().encode(bytes: Array("HELLO".utf8))
    #expect(asText.text == "HELLO")
  }

  @Test func versionOfOtherSymbologies() throws {
    let qr = try QREncoder().encode("1")
    let other = BarcodeSymbol(
      symbology: .ean13, text: qr.text, matrix: qr.matrix, humanReadable: nil)
    #expect(QREncoder.version(of: other) == nil)
    #expect(QREncoder.errorCorrection(of: other) == nil)
  }

  @Test func concurrentEncodesShareTheTemplates() async throws {
    let results = try await withThrowingTaskGroup(of: (Int, BarcodeSymbol).self) { group in
      for index in 0..<64 {
        group.addTask {
          let version = index % 40 + 1
          return (index, try QREncoder(minimumVersion: version).encode("TASK \(index)"))
        }
      }
      var results: [Int: BarcodeSymbol] = [:]
      for try await (index, symbol) in group { results[index] = symbol }
      return results
    }
    for (index, symbol) in results {
      #expect(QREncoder.version(of: symbol) == index % 40 + 1)
      #expect(try symbol == QREncoder(minimumVersion: index % 40 + 1).encode("TASK \(index)"))
    }
  }
}
