/// The two BCH-protected words a QR Code carries besides its data: the format information
/// (error-correction level and mask, 15 bits, drawn twice) and, from version 7 on, the
/// version information (18 bits, drawn twice).
enum QRFormatInformation {
  /// The 15 format bits of a level and mask: the five data bits, their BCH(15,5)
  /// remainder by x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1, masked with 101010000010010.
  static func formatBits(level: QREncoder.ErrorCorrection, mask: Int) -> Int {
    let data = level.formatBits << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return (data << 10 | remainder) ^ 0x5412
  }

  /// The 18 version bits of `version` (7 to 40): six data bits and their BCH(18,6)
  /// remainder by x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
  static func versionBits(_ version: Int) -> Int {
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    return version << 12 | remainder
  }

  /// Where each format bit goes, as (x, y): bits 0 to 14 (the least significant first)
  /// of the copy around the top-left finder (down column 8, skipping the timing row, then
  /// left along row 8), then bits 0 to 14 of the copy split between the other finders
  /// (right to left along row 8, then down column 8).
  static func positions(size: Int) -> [(x: Int, y: Int)] {
    var positions: [(x: Int, y: Int)] = []
    positions.reserveCapacity(30)
    for y in 0...5 { positions.append((8, y)) }
    positions += [(8, 7), (8, 8), (7, 8)]
    for bit in 9..<15 { positions.append((14 - bit, 8)) }
    for bit in 0..<8 { positions.append((size - 1 - bit, 8)) }
    for bit in 8..<15 { positions.append((8, size - 15 + bit)) }
    return positions
  }

  /// Sets the dark format modules of `level` and `mask` in a symbol's bits by row and by
  /// column (see ``QRTemplate``), where those modules are clear.
  static func draw(
    level: QREncoder.ErrorCorrection, mask: Int, size: Int, words: Int,
    rows: UnsafeMutableBufferPointer<UInt64>, columns: UnsafeMutableBufferPointer<UInt64>
  ) {
    let bits = formatBits(level: level, mask: mask)
    func set(_ x: Int, _ y: Int) {
      rows[y * words + (x >> 6)] |= UInt64(1) << UInt64(x & 63)
      columns[x * words + (y >> 6)] |= UInt64(1) << UInt64(y & 63)
    }
    for bit in 0..<15 where (bits >> bit) & 1 != 0 {
      // The first copy.
      switch bit {
      case 0..<6: set(8, bit)
      case 6..<8: set(8, bit + 1)
      case 8: set(7, 8)
      default: set(14 - bit, 8)
      }
      // The second copy.
      if bit < 8 { set(size - 1 - bit, 8) } else { set(8, size - 15 + bit) }
    }
  }

  /// The format bits read back from a drawn symbol's first copy, or `nil` when they are
  /// not the BCH code of any level and mask.
  static func read(_ isDark: (Int, Int) -> Bool, size: Int) -> (
    level: QREncoder.ErrorCorrection, mask: Int
  )? {
    var bits = 0
    for (bit, (x, y)) in positions(size: size).prefix(15).enumerated() where isDark(x, y) {
      bits |= 1 << bit
    }
    for level in QREncoder.ErrorCorrection.allCases {
      for mask in 0..<8 where formatBits(level: level, mask: mask) == bits {
        return (level, mask)
      }
    }
    return nil
  }
}
