import LoyaltyTestSupport
import Testing

@testable import LoyaltyBarcode

/// The cut of a payload into modes: exact bit counts, and no cut with fewer bits.
@Suite struct QRSegmentationTests {
  /// The bits of one segment of `count` characters in `mode`, header included.
  static func bits(_ mode: QRMode, count: Int, group: Int) -> Int {
    let header = 4 + mode.countBits(group: group)
    switch mode {
    case .numeric: return header + 10 * (count / 3) + [0, 4, 7][count % 3]
    case .alphanumeric: return header + 11 * (count / 2) + 6 * (count % 2)
    case .byte: return header + 8 * count
    }
  }

  /// The fewest bits of any cut of `payload`, trying every mode for every byte.
  static func bruteForce(_ payload: [UInt8], group: Int) -> Int {
    let modes: [QRMode] = [.numeric, .alphanumeric, .byte]
    var best = Int.max
    var choice = [Int](repeating: 0, count: payload.count)
    func allowed(_ mode: QRMode, _ byte: UInt8) -> Bool {
      let value = QRMode.alphanumericValues[Int(byte)]
      switch mode {
      case .numeric: return value < 10
      case .alphanumeric: return value != 0xFF
      case .byte: return true
      }
    }
    func visit(_ index: Int) {
      if index == payload.count {
        var total = 0
        var start = 0
        for end in 1...payload.count where end == payload.count || choice[end] != choice[start] {
          total += bits(modes[choice[start]], count: end - start, group: group)
          start = end
        }
        best = min(best, total)
        return
      }
      for option in 0..<3 where allowed(modes[option], payload[index]) {
        choice[index] = option
        visit(index + 1)
      }
    }
    visit(0)
    return best
  }

  @Test func optimalAgainstEveryCut() {
    var generator = SeededRandom(seed: 7)
    let alphabet = Array("0123456789ABC $x.é".utf8)
    for round in 0..<400 {
      let length = Int.random(in: 1...9, using: &generator)
      let payload = (0..<length).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
      }
      for group in 0..<3 {
        let found = QRSegmentation.optimal(payload, group: group, eci: false)
        #expect(
          found.bitCount == Self.bruteForce(payload, group: group),
          "round \(round) group \(group): \(payload)")
        // The segments cover the payload in order and their bits add up.
        var next = 0
        var total = 0
        for segment in found.segments {
          #expect(segment.start == next)
          next += segment.count
          total += Self.bits(segment.mode, count: segment.count, group: group)
        }
        #expect(next == payload.count)
        #expect(total == found.bitCount)
      }
    }
  }

  @Test func typicalCuts() {
    func modes(_ text: String, group: Int = 0) -> [QRMode] {
      QRSegmentation.optimal(Array(text.utf8), group: group, eci: false).segments.map(\.mode)
    }
    #expect(modes("01234567") == [.numeric])
    #expect(modes("HELLO WORLD") == [.alphanumeric])
    #expect(modes("hello") == [.byte])
    // A long run of digits inside text pays for its own segment; a short one does not.
    #expect(modes("abc1234567890123def") == [.byte, .numeric, .byte])
    #expect(modes("abc12def") == [.byte])
    #expect(modes("ABCDEFGH123456789012345") == [.alphanumeric, .numeric])
    // The ECI designator adds 12 bits, and nothing else.
    let plain = QRSegmentation.optimal(Array("abc".utf8), group: 0, eci: false)
    let declared = QRSegmentation.optimal(Array("abc".utf8), group: 0, eci: true)
    #expect(declared.bitCount == plain.bitCount + 12)
  }

  @Test func segmentsLongerThanTheirCountFieldAreCut() {
    // 300 bytes in versions 1-9 (8-bit count): two byte segments, 255 and 45.
    let cut = QRSegmentation.bytes(count: 300, group: 0, eci: false)
    #expect(cut.segments.map(\.count) == [255, 45])
    #expect(cut.bitCount == 2 * 12 + 8 * 300)
    let digits = QRSegmentation.optimal(
      [UInt8](repeating: 0x35, count: 1_100), group: 0, eci: false)
    #expect(digits.segments.map(\.count) == [1_023, 77])
  }
}
