/// The eight data mask patterns of QR Code: which modules of the encoding region each one
/// flips.
///
/// Every pattern repeats every 12 rows and every 12 columns, so two small tables hold, for
/// each mask, the flips of a row of each residue modulo 12 and of a column of each, as
/// bits (see ``QRTemplate``), as long as the largest symbol's lines: masking a line is a
/// XOR of a few words.
enum QRMaskPattern {
  /// The number of masks.
  static let count = 8
  /// The period of every pattern, across and down.
  private static let period = 12
  /// Words per line of the largest symbol (177 modules).
  static let maximumWords = 3

  /// Whether mask `mask` flips the module at column `x` of row `y` (counted from the
  /// symbol's top-left corner).
  static func flips(mask: Int, x: Int, y: Int) -> Bool {
    switch mask {
    case 0: (y + x) % 2 == 0
    case 1: y % 2 == 0
    case 2: x % 3 == 0
    case 3: (y + x) % 3 == 0
    case 4: (y / 2 + x / 3) % 2 == 0
    case 5: (y * x) % 2 + (y * x) % 3 == 0
    case 6: ((y * x) % 2 + (y * x) % 3) % 2 == 0
    default: ((y + x) % 2 + (y * x) % 3) % 2 == 0
    }
  }

  /// The flips of rows, by mask, then row modulo 12, then word.
  static let rowTable = table(byRow: true)
  /// The flips of columns, by mask, then column modulo 12, then word.
  static let columnTable = table(byRow: false)

  /// The offset in ``rowTable`` (or ``columnTable``) of the first word of line `line`'s
  /// flips under mask `mask`.
  @inline(__always)
  static func offset(mask: Int, line: Int) -> Int {
    (mask * period + line % period) * maximumWords
  }

  private static func table(byRow: Bool) -> [UInt64] {
    var table = [UInt64](repeating: 0, count: count * period * maximumWords)
    for mask in 0..<count {
      for line in 0..<period {
        for along in 0..<(64 * maximumWords) {
          let flipped =
            byRow ? flips(mask: mask, x: along, y: line) : flips(mask: mask, x: line, y: along)
          if flipped {
            table[offset(mask: mask, line: line) + (along >> 6)] |= UInt64(1) << UInt64(along & 63)
          }
        }
      }
    }
    return table
  }
}
