/// The penalty score of ISO/IEC 18004 by which a mask is chosen: the lower, the easier the
/// symbol is to read.
///
/// - N1: each run of five or more modules of one colour in a row or column scores 3, plus
///   1 per module beyond five.
/// - N2: each 2 x 2 block of one colour scores 3 (blocks may overlap).
/// - N3: each pattern dark-light-dark-dark-dark-light-dark in the ratio 1:1:3:1:1 in a row
///   or column with four light modules' worth (four times the unit) before or after it
///   scores 40. Beyond the symbol's edge is the quiet zone, so it counts as light.
/// - N4: 10 for each whole 5 % by which the dark modules' share departs from 50 %.
///
/// The symbol is read as bits by row and by column (see ``QRTemplate``): N2 and N4 are word
/// operations on rows, N1 and N3 a walk over each line's runs, found from the bits where
/// the colour changes. Nothing is allocated.
enum QRPenalty {
  /// The score of a `size` x `size` symbol, given by row and by column, `words` words per
  /// line; or some score at least `limit` as soon as it reaches `limit`: a mask that
  /// already scores worse than the best so far need not be scored to the end.
  static func score(
    rows: UnsafeBufferPointer<UInt64>, columns: UnsafeBufferPointer<UInt64>, size: Int,
    words: Int, limit: Int = .max
  ) -> Int {
    // The bits of a line's last word that are modules.
    let tail = size - 64 * (words - 1)
    let lastWord = tail == 64 ? UInt64.max : (UInt64(1) << UInt64(tail)) - 1
    // Blocks start at columns 0 to size - 2.
    let blockTail = tail - 1
    let lastBlockWord = (UInt64(1) << UInt64(blockTail)) - 1
    var dark = 0
    var blocks = 0
    for y in 0..<size {
      let row = y * words
      for word in 0..<words { dark &+= rows[row + word].nonzeroBitCount }
      guard y + 1 < size else { continue }
      let below = row + words
      for word in 0..<words {
        let (a, b) = (rows[row + word], rows[below + word])
        let next = word + 1 < words
        // The module to the right of each, in this row and in the row below.
        let aRight = a >> 1 | (next ? rows[row + word + 1] << 63 : 0)
        let bRight = b >> 1 | (next ? rows[below + word + 1] << 63 : 0)
        // A block's four modules agree when each pair of neighbours does.
        var same = ~(a ^ b) & ~(aRight ^ bRight) & ~(a ^ aRight)
        if !next { same &= lastBlockWord }
        blocks &+= same.nonzeroBitCount
      }
    }
    let total = size * size
    var score = 3 * blocks + 10 * (abs(dark * 20 - total * 10) / total)
    if score >= limit { return score }
    for y in 0..<size {
      score += line(rows, from: y * words, words: words, size: size, lastWord: lastWord)
    }
    if score >= limit { return score }
    for x in 0..<size {
      score += line(columns, from: x * words, words: words, size: size, lastWord: lastWord)
    }
    return score
  }

  /// N1 and N3 of one row or column of `size` modules: `words` words from `start`.
  @inline(__always)
  private static func line(
    _ lines: UnsafeBufferPointer<UInt64>, from start: Int, words: Int, size: Int,
    lastWord: UInt64
  ) -> Int {
    // The quiet zone's light, longer than four times any unit that fits in the line.
    let edge = 4 * size
    var score = 0
    // The lengths of the last seven runs, h0 the latest; the quiet zone counts as light.
    var (h0, h1, h2, h3, h4, h5, h6) = (0, 0, 0, 0, 0, 0, 0)
    var dark = lines[start] & 1 != 0
    // Added to the first run if it is light; a dark first run follows the quiet zone.
    var leading = edge
    if dark {
      h0 = edge
      leading = 0
    }
    var runStart = 0
    var carry: UInt64 = 0
    for word in 0..<words {
      let bits = lines[start + word]
      // A set bit where a module differs from the one before it: a run starts there.
      var changes = bits ^ (bits << 1 | carry)
      carry = bits >> 63
      if word == 0 { changes &= ~1 }
      if word == words - 1 { changes &= lastWord }
      while changes != 0 {
        let position = word << 6 | changes.trailingZeroBitCount
        changes &= changes &- 1
        let run = position - runStart
        runStart = position
        if run >= 5 { score += run - 2 }
        (h6, h5, h4, h3, h2, h1) = (h5, h4, h3, h2, h1, h0)
        if dark {
          h0 = run
        } else {
          h0 = run + leading
          leading = 0
          score += finder(h0, h1, h2, h3, h4, h5, h6)
        }
        dark.toggle()
      }
    }
    // The last run, then the quiet zone after it.
    let run = size - runStart
    if run >= 5 { score += run - 2 }
    (h6, h5, h4, h3, h2, h1) = (h5, h4, h3, h2, h1, h0)
    if dark {
      h0 = run
      (h6, h5, h4, h3, h2, h1) = (h5, h4, h3, h2, h1, h0)
      h0 = edge
    } else {
      h0 = run + leading + edge
    }
    score += finder(h0, h1, h2, h3, h4, h5, h6)
    return score
  }

  /// 40 if the runs before the light run `h0` end in a finder-like pattern: `h5`...`h1`
  /// dark, light, dark, light, dark in the ratio 1:1:3:1:1, with light of four units
  /// before it (`h6`) or after it (`h0`).
  @inline(__always)
  private static func finder(
    _ h0: Int, _ h1: Int, _ h2: Int, _ h3: Int, _ h4: Int, _ h5: Int, _ h6: Int
  ) -> Int {
    let unit = h1
    let core = (unit > 0) && (h2 == unit) && (h3 == 3 * unit) && (h4 == unit) && (h5 == unit)
    return core && (h0 >= 4 * unit || h6 >= 4 * unit) ? 40 : 0
  }

  /// The score of a symbol given as one byte (0 or 1) per module, row by row.
  static func score(modules: [UInt8], size: Int, limit: Int = .max) -> Int {
    let words = (size + 63) / 64
    var rows = [UInt64](repeating: 0, count: size * words)
    var columns = rows
    for y in 0..<size {
      for x in 0..<size where modules[y * size + x] != 0 {
        rows[y * words + (x >> 6)] |= UInt64(1) << UInt64(x & 63)
        columns[x * words + (y >> 6)] |= UInt64(1) << UInt64(y & 63)
      }
    }
    return rows.withUnsafeBufferPointer { rows in
      columns.withUnsafeBufferPointer { columns in
        score(rows: rows, columns: columns, size: size, words: words, limit: limit)
      }
    }
  }
}
