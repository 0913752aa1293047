/// The bars of Code 128's symbol characters, and the values of its special characters.
///
/// Each symbol character is three bars and three spaces over 11 modules, each element one
/// to four modules wide; the stop character adds a final bar of two modules (13 modules in
/// all). Value 0 to 102 are data and function characters, 103 to 105 the three start
/// characters, 106 the stop character.
enum Code128Patterns {
  /// FNC3 in sets A and B.
  static let fnc3: UInt8 = 96
  /// Shift, in sets A and B: the next character is of the other of the two.
  static let shift: UInt8 = 98
  /// Latch to set C, in sets A and B.
  static let codeC: UInt8 = 99
  /// Latch to set B, in sets A and C (FNC4 in set B).
  static let codeB: UInt8 = 100
  /// Latch to set A, in sets B and C (FNC4 in set A).
  static let codeA: UInt8 = 101
  /// FNC1, in every set.
  static let fnc1: UInt8 = 102
  /// Start in set A.
  static let startA: UInt8 = 103
  /// Start in set B.
  static let startB: UInt8 = 104
  /// Start in set C.
  static let startC: UInt8 = 105
  /// The stop character.
  static let stop: UInt8 = 106

  /// The widths of each character's elements, bar first, one decimal digit each.
  private static let widths: [Int] = [
    212222, 222122, 222221, 121223, 121322, 131222, 122213, 122312, 132212, 221213,
    221312, 231212, 112232, 122132, 122231, 113222, 123122, 123221, 223211, 221132,
    221231, 213212, 223112, 312131, 311222, 321122, 321221, 312212, 322112, 322211,
    212123, 212321, 232121, 111323, 131123, 131321, 112313, 132113, 132311, 211313,
    231113, 231311, 112133, 112331, 132131, 113123, 113321, 133121, 313121, 211331,
    231131, 213113, 213311, 213131, 311123, 311321, 331121, 312113, 312311, 332111,
    314111, 221411, 431111, 111224, 111422, 121124, 121421, 141122, 141221, 112214,
    112412, 122114, 122411, 142112, 142211, 241211, 221114, 413111, 241112, 134111,
    111242, 121142, 121241, 114212, 124112, 124211, 411212, 421112, 421211, 212141,
    214121, 412121, 111143, 111341, 131141, 114113, 114311, 411113, 411311, 113141,
    114131, 311141, 411131, 211412, 211214, 211232, 2_331_112,
  ]

  /// Each character's modules, 1 dark, the first module in the highest bit used: 11 bits,
  /// 13 for the stop character.
  static let modules: [UInt16] = widths.map { widths in
    var digits: [Int] = []
    var rest = widths
    while rest > 0 {
      digits.append(rest % 10)
      rest /= 10
    }
    var pattern: UInt16 = 0
    var dark = true
    for width in digits.reversed() {
      for _ in 0..<width {
        pattern = pattern << 1 | (dark ? 1 : 0)
      }
      dark.toggle()
    }
    return pattern
  }

  /// The number of modules of the character of `value`.
  static func width(of value: UInt8) -> Int { value == stop ? 13 : 11 }

  /// The modules of `values` (a start character, the data and the check character) and of
  /// the stop character, without quiet zone.
  static func bars(_ values: [UInt8]) -> [Bool] {
    var bars = [Bool](repeating: false, count: values.count * 11 + 13)
    var offset = 0
    for value in values {
      write(value, into: &bars, at: &offset)
    }
    write(stop, into: &bars, at: &offset)
    return bars
  }

  /// Writes the modules of the character of `value` at `offset` of `bars`, and moves
  /// `offset` past them.
  private static func write(_ value: UInt8, into bars: inout [Bool], at offset: inout Int) {
    let pattern = modules[Int(value)]
    let count = width(of: value)
    for bit in stride(from: count - 1, through: 0, by: -1) {
      bars[offset] = pattern & (1 << UInt16(bit)) != 0
      offset += 1
    }
  }

  /// The check character of `values` (a start character and the data): the start's value
  /// plus each data character's value times its position (from 1), modulo 103.
  static func checkValue(_ values: [UInt8]) -> UInt8 {
    var sum = 0
    for (position, value) in values.enumerated() {
      sum += max(position, 1) * Int(value)
    }
    return UInt8(sum % 103)
  }
}
