import Testing

@testable import LoyaltyBarcode

/// The mask penalty score: small cases worked by hand, and whole symbols scored by
/// libqrencode 4.1.1's `Mask_evaluateSymbol` (rules N1 to N3; it adds N4 elsewhere).
@Suite struct QRPenaltyTests {
  /// The score of a square given as rows of `#` (dark) and `.` (light).
  static func score(_ rows: [String]) -> Int {
    let modules = rows.flatMap { $0.map { $0 == "#" ? UInt8(1) : 0 } }
    return QRPenalty.score(modules: modules, size: rows.count)
  }

  /// N4 of a symbol: 10 per whole 5 % away from half dark.
  static func balance(_ modules: [UInt8]) -> Int {
    let dark = modules.reduce(0) { $0 + Int($1) }
    return 10 * (abs(dark * 20 - modules.count * 10) / modules.count)
  }

  @Test func handWorkedSquares() {
    // 5 x 5 light: 10 runs of 5 (3 each), 16 blocks (3 each), no dark module (50 % from
    // half: N4 100); no finder pattern.
    #expect(Self.score(Array(repeating: ".....", count: 5)) == 30 + 48 + 100)
    // A checkerboard: no run, no block, half dark; 7 x 7 holds 25 dark of 49 (N4 0).
    let checkerboard = (0..<7).map { y in String((0..<7).map { ($0 + y) % 2 == 0 ? "#" : "." }) }
    #expect(Self.score(checkerboard) == 0)
  }

  @Test func finderLikePatterns() {
    // One row 1011101 after four light modules, at the right edge (the quiet zone is
    // light): 40, once. The other row holds as many dark modules in as many columns, with
    // the same light pairs and no run of five, so everything else scores the same.
    let light = String(repeating: ".", count: 11)
    func square(_ row: String) -> [String] {
      (0..<11).map { $0 == 5 ? row : light }
    }
    let pattern = Self.score(square("....#.###.#"))
    #expect(pattern - Self.score(square("....##.##.#")) == 40)
    // The same pattern read right to left.
    #expect(pattern == Self.score(square("#.###.#....")))
    // Scaled 2:2:6:2:2 counts too; its run of 6 dark modules adds 1 more (N1) than the
    // other row's run of 5.
    let wide = String(repeating: ".", count: 22)
    let scaled = (0..<22).map { $0 == 10 ? "........##..######..##" : wide }
    let unscaled = (0..<22).map { $0 == 10 ? "........##..#####..###" : wide }
    #expect(Self.score(scaled) - Self.score(unscaled) == 40 + 1)
  }

  /// libqrencode's N1 + N2 + N3 of whole symbols: version, then masks 0 to 7, for the
  /// byte payload of ``QRReferenceTests`` at level M.
  static let libqrencodeScores: [(Int, [Int])] = [
    (1, [1044, 1004, 1031, 1051, 1021, 1033, 1069, 1079]),
    (4, [1442, 1535, 1494, 1504, 1527, 1483, 1583, 1379]),
    (7, [1912, 1994, 2185, 1978, 2153, 2149, 2091, 1983]),
    (10, [2874, 2753, 2960, 2887, 2600, 2744, 2747, 2890]),
    (13, [3830, 3688, 3679, 3738, 3859, 3736, 3691, 3762]),
    (16, [4698, 5234, 4932, 5077, 4850, 5167, 5277, 5369]),
    (19, [5932, 6155, 6266, 6388, 6019, 6541, 6461, 6517]),
    (22, [7933, 8350, 8000, 7790, 8328, 8231, 8540, 7882]),
    (25, [9674, 10208, 9573, 9182, 10218, 10058, 9692, 10203]),
    (28, [11345, 12243, 11451, 11723, 12006, 11791, 11026, 11312]),
    (31, [13905, 13473, 13173, 13848, 13427, 13357, 13684, 13725]),
    (34, [15940, 16069, 16198, 15819, 15811, 15827, 16423, 15821]),
    (37, [18749, 18918, 18853, 19021, 18465, 19228, 19010, 19085]),
    (40, [21308, 20687, 22553, 21099, 21439, 22272, 21112, 21951]),
  ]

  @Test func wholeSymbolsScoreAsLibqrencode() throws {
    for (version, scores) in Self.libqrencodeScores {
      let bytes = QRReferenceTests.payload(version: version, level: .medium)
      for mask in 0..<8 {
        let symbol = try QREncoder(errorCorrection: .medium, mask: mask).encode(bytes: bytes)
        let modules = QRTestSupport.modules(symbol)
        let size = QRTables.size(version: version)
        let score = QRPenalty.score(modules: modules, size: size)
        #expect(score - Self.balance(modules) == scores[mask], "version \(version) mask \(mask)")
        // A limit stops the scan early, with a score at least the limit.
        let limited = QRPenalty.score(modules: modules, size: size, limit: score / 2)
        #expect(limited >= score / 2 && limited <= score)
      }
    }
  }
}
