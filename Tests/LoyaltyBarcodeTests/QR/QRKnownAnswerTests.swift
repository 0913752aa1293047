import Testing

@testable import LoyaltyBarcode

/// Published values: the worked example of ISO/IEC 18004 (Annex I, "01234567" as 1-M),
/// the widely reproduced "HELLO WORLD" 1-Q example, the standard's tables of format and
/// version information and of generator polynomials, and a whole symbol drawn by
/// libqrencode.
@Suite struct QRKnownAnswerTests {
  /// The data and error-correction codewords of a payload at a version and level.
  static func codewords(_ payload: String, version: Int, level: QREncoder.ErrorCorrection)
    throws -> (data: [UInt8], all: [UInt8])
  {
    let (bytes, eci) = QREncoder.encodedText(payload)
    let plan = try QRPlan.make(
      bytes, eci: eci, bytesOnly: false, level: level, minimumVersion: version, boost: false)
    #expect(plan.version == version)
    let data = plan.dataCodewords(of: bytes)
    return (data, QRCodewords.interleaved(data, version: version, level: level))
  }

  @Test func annexExampleCodewords() throws {
    // "01234567", version 1-M: one numeric segment (0001, count 8 in 10 bits, 012 345 67),
    // the terminator, padding, then 10 error-correction codewords.
    let (data, all) = try Self.codewords("01234567", version: 1, level: .medium)
    #expect(
      data == [
        0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
        0x11,
      ])
    #expect(Array(all[16...]) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
  }

  @Test func helloWorldCodewords() throws {
    // "HELLO WORLD", version 1-Q: one alphanumeric segment, 13 data codewords, 13 of
    // error correction.
    let (data, all) = try Self.codewords("HELLO WORLD", version: 1, level: .quartile)
    #expect(
      data == [0x20, 0x5B, 0x0B, 0x78, 0xD1, 0x72, 0xDC, 0x4D, 0x43, 0x40, 0xEC, 0x11, 0xEC])
    #expect(
      Array(all[13...]) == [
        0xA8, 0x48, 0x16, 0x52, 0xD9, 0x36, 0x9C, 0x00, 0x2E, 0x0F, 0xB4, 0x7A, 0x10,
      ])
  }

  @Test func formatInformationOfEveryLevelAndMask() {
    // ISO/IEC 18004 Table C.1: the 15 bits after masking with 101010000010010, by level
    // (L, M, Q, H) then mask 0-7.
    let expected: [[Int]] = [
      [0x77C4, 0x72F3, 0x7DAA, 0x789D, 0x662F, 0x6318, 0x6C41, 0x6976],
      [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0],
      [0x355F, 0x3068, 0x3F31, 0x3A06, 0x24B4, 0x2183, 0x2EDA, 0x2BED],
      [0x1689, 0x13BE, 0x1CE7, 0x19D0, 0x0762, 0x0255, 0x0D0C, 0x083B],
    ]
    for level in QREncoder.ErrorCorrection.allCases {
      for mask in 0..<8 {
        #expect(
          QRFormatInformation.formatBits(level: level, mask: mask)
            == expected[level.tableIndex][mask], "\(level) mask \(mask)")
      }
    }
  }

  @Test func versionInformationOfEveryVersion() {
    // ISO/IEC 18004 Table D.1, versions 7 to 40.
    let expected = [
      0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78,
      0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB,
      0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B,
      0x2542E, 0x26A64, 0x27541, 0x28C69,
    ]
    #expect((7...40).map(QRFormatInformation.versionBits) == expected)
  }

  @Test func generatorPolynomials() {
    // ISO/IEC 18004 Annex A, as exponents of α, the leading α⁰ left out.
    let exponents = { (degree: Int) in
      QRReedSolomon.generator(degree: degree).map { QRGaloisField.logarithm[Int($0)] }
    }
    #expect(exponents(7) == [87, 229, 146, 149, 238, 102, 21])
    #expect(exponents(10) == [251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    // Every degree a block uses has no zero coefficient.
    for degree in 1...QRReedSolomon.maximumDegree {
      #expect(!QRReedSolomon.generator(degree: degree).contains(0), "degree \(degree)")
    }
  }

  @Test func galoisFieldTables() {
    #expect(QRGaloisField.exponent[8] == 0x1D)
    #expect(QRGaloisField.exponent[255] == 1)
    #expect(QRGaloisField.multiply(0, 0x53) == 0)
    #expect(QRGaloisField.multiply(0x53, 0xCA) == QRGaloisField.multiply(0xCA, 0x53))
    for value in 1...255 {
      let byte = UInt8(value)
      #expect(QRGaloisField.exponent[QRGaloisField.logarithm[value]] == byte)
    }
  }

  @Test func annexExampleSymbolMatchesLibqrencode() throws {
    // libqrencode 4.1.1 (`QRcode_encodeString("01234567", 1, QR_ECLEVEL_M, ...)`), which
    // also chooses mask 2.
    let expected = [
      "#######..#.##.#######",
      "#.....#..####.#.....#",
      "#.###.#.#.....#.###.#",
      "#.###.#.##....#.###.#",
      "#.###.#.#.###.#.###.#",
      "#.....#.#...#.#.....#",
      "#######.#.#.#.#######",
      "........#..##........",
      "#.#####..#..#.#####..",
      "...#.#.##.#.#..#.##..",
      "..#...##.#.#.#..#####",
      "....#....#.....####..",
      "...######..#.#..#....",
      "........#.#####..##..",
      "#######..##.#.##.....",
      "#.....#.#.#####...#.#",
      "#.###.#.#...#..#.##..",
      "#.###.#.##..#..#.....",
      "#.###.#.#.##.#..#.#..",
      "#.....#........##.##.",
      "#######.####.#..#.#..",
    ]
    let symbol = try QREncoder(errorCorrection: .medium).encode("01234567")
    #expect(QRTestSupport.mask(symbol) == 2)
    #expect(QRTestSupport.rows(symbol) == expected)
    #expect(symbol.matrix.width == 21 + 8)
  }

  @Test func tablesAgreeWithTheStandardsFormulas() {
    for version in 1...40 {
      // The data modules: the whole square less the function patterns.
      let size = QRTables.size(version: version)
      let alignments = version == 1 ? 0 : { (n: Int) in n * n - 3 }(version / 7 + 2)
      var functionModules = 3 * 64 + 2 * 15 + 1 + 2 * (size - 16) + 25 * alignments
      // Alignment patterns on the timing patterns share 5 modules each with them.
      if version > 1 { functionModules -= 2 * 5 * (version / 7) }
      if version >= 7 { functionModules += 36 }
      let dataModules = size * size - functionModules
      #expect(QRTables.totalCodewords[version] == dataModules / 8, "version \(version)")
      let template = QRTemplate.of(version: version)
      #expect(template.order.count == dataModules, "version \(version)")
      #expect(template.dataRows.reduce(0) { $0 + $1.nonzeroBitCount } == dataModules)
      #expect(template.dataColumns.reduce(0) { $0 + $1.nonzeroBitCount } == dataModules)
      #expect(Set(template.order).count == dataModules)
      // Remainder bits, ISO/IEC 18004 Table 1.
      let remainder = [
        0, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3,
        3, 3, 3, 0, 0, 0, 0, 0, 0,
      ][version - 1]
      #expect(dataModules % 8 == remainder, "version \(version)")

      // Alignment positions: 6, then evenly spaced (an even step) up to size - 7.
      let positions = QRTables.alignmentPositions[version]
      if version > 1 {
        let count = version / 7 + 2
        #expect(positions.count == count)
        #expect(positions.first == 6 && positions.last == size - 7)
        let steps = Set(zip(positions.dropFirst(2), positions.dropFirst()).map { $0 - $1 })
        #expect(steps.count <= 1 && steps.allSatisfy { $0 % 2 == 0 }, "version \(version)")
      }
      // Every block of every level: the same error correction, data lengths one apart.
      for level in QREncoder.ErrorCorrection.allCases {
        let blocks = QRTables.errorCorrectionBlocks[level.tableIndex][version]
        let degree = QRTables.errorCorrectionCodewordsPerBlock[level.tableIndex][version]
        #expect(degree <= QRReedSolomon.maximumDegree)
        #expect(QRTables.totalCodewords[version] / blocks > degree)
      }
    }
    // Published capacities: data codewords of 1-L, 1-H, 40-L and 40-H.
    #expect(QRTables.dataCodewords(version: 1, level: .low) == 19)
    #expect(QRTables.dataCodewords(version: 1, level: .high) == 9)
    #expect(QRTables.dataCodewords(version: 40, level: .low) == 2_956)
    #expect(QRTables.dataCodewords(version: 40, level: .high) == 1_276)
  }
}
