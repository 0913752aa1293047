import Dispatch

/// What every symbol of one version shares: its function patterns and the order in which
/// data bits fill the other modules.
///
/// Modules are kept as bits, 64 to a word, both by row and by column: a row's word `w`
/// holds columns `64w` to `64w + 63`, lowest bit first, and a column's likewise its rows.
/// Masking a line is then a few word operations, and the penalty score reads rows and
/// columns alike. Built once per version on first use and kept (at most 40; version 40's
/// takes about 75 KB).
struct QRTemplate: Sendable {
  /// The version, 1 to 40.
  let version: Int
  /// The side in modules, without quiet zone.
  let size: Int
  /// Words per row or column.
  let words: Int
  /// The function patterns (finders and separators, timing, alignment, the dark module,
  /// version information) by row, a set bit for dark; the format information's modules
  /// and the encoding region are clear.
  let rows: [UInt64]
  /// The same by column.
  let columns: [UInt64]
  /// The encoding region (data, error correction and remainder bits, which a mask flips)
  /// by row.
  let dataRows: [UInt64]
  /// The same by column.
  let dataColumns: [UInt64]
  /// The encoding region's modules in the order the bits fill them (two columns at a time
  /// from the right, upwards then downwards, skipping the vertical timing pattern), each
  /// as `x << 8 | y`.
  let order: [UInt16]

  /// The template of `version` (1 to 40), built on first use.
  static func of(version: Int) -> QRTemplate {
    if let template = cacheQueue.sync(execute: { cache[version] }) { return template }
    // Built outside the queue, so other versions are not kept waiting; if two tasks build
    // the same version at once, the first stored wins and both are equal anyway.
    let template = QRTemplate(version: version)
    return cacheQueue.sync {
      if let stored = cache[version] { return stored }
      cache[version] = template
      return template
    }
  }

  /// Guards ``cache``. The product depends on nothing of the SDK, so it has no `Locked`,
  /// and Synchronization's `Mutex` is newer than the SDK's floor (iOS 18).
  private static let cacheQueue = DispatchQueue(label: "LoyaltyBarcode.QRTemplate.cache")

  /// The templates built so far, by version.
  // Safe to share: read and written only inside `cacheQueue.sync`, a serial queue.
  nonisolated(unsafe) private static var cache = [QRTemplate?](repeating: nil, count: 41)

  /// Draws the template of `version`.
  init(version: Int) {
    let size = QRTables.size(version: version)
    var modules = [UInt8](repeating: 0, count: size * size)
    var isFunction = [Bool](repeating: false, count: size * size)
    func set(_ x: Int, _ y: Int, _ dark: Bool) {
      modules[y * size + x] = dark ? 1 : 0
      isFunction[y * size + x] = true
    }
    // Timing patterns on row and column 6; the finders and alignment patterns drawn over
    // them agree with them where they cross.
    for index in 0..<size {
      set(6, index, index % 2 == 0)
      set(index, 6, index % 2 == 0)
    }
    // Finder patterns with their separators: rings at Chebyshev distance 0-4 from the
    // centre, light at 2 and 4.
    for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
      for dy in -4...4 {
        for dx in -4...4 {
          let (x, y) = (cx + dx, cy + dy)
          guard x >= 0, x < size, y >= 0, y < size else { continue }
          let distance = max(abs(dx), abs(dy))
          set(x, y, distance != 2 && distance != 4)
        }
      }
    }
    // Alignment patterns at every pair of positions but the finders' three corners.
    let positions = QRTables.alignmentPositions[version]
    let last = positions.count - 1
    for (row, cy) in positions.enumerated() {
      for (column, cx) in positions.enumerated() {
        let corner = (row == 0 || row == last) && (column == 0 || column == last)
        if corner && !(row == last && column == last) { continue }
        for dy in -2...2 {
          for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
        }
      }
    }
    // The format information's modules are reserved here and drawn per symbol; the dark
    // module beside the bottom-left copy is always dark.
    for (x, y) in QRFormatInformation.positions(size: size) { set(x, y, false) }
    set(8, size - 8, true)
    // Version information: two 6 x 3 blocks, beside the top-right and bottom-left finders.
    if version >= 7 {
      let bits = QRFormatInformation.versionBits(version)
      for bit in 0..<18 {
        let dark = (bits >> bit) & 1 != 0
        let (a, b) = (size - 11 + bit % 3, bit / 3)
        set(a, b, dark)
        set(b, a, dark)
      }
    }
    let words = (size + 63) / 64
    var rows = [UInt64](repeating: 0, count: size * words)
    var columns = rows
    var dataRows = rows
    var dataColumns = rows
    for y in 0..<size {
      for x in 0..<size {
        let rowBit = UInt64(1) << UInt64(x & 63)
        let columnBit = UInt64(1) << UInt64(y & 63)
        if isFunction[y * size + x] {
          if modules[y * size + x] != 0 {
            rows[y * words + (x >> 6)] |= rowBit
            columns[x * words + (y >> 6)] |= columnBit
          }
        } else {
          dataRows[y * words + (x >> 6)] |= rowBit
          dataColumns[x * words + (y >> 6)] |= columnBit
        }
      }
    }
    self.version = version
    self.size = size
    self.words = words
    self.rows = rows
    self.columns = columns
    self.dataRows = dataRows
    self.dataColumns = dataColumns
    self.order = Self.placementOrder(size: size, isFunction: isFunction)
  }

  /// The non-function modules in the zigzag order of the standard.
  private static func placementOrder(size: Int, isFunction: [Bool]) -> [UInt16] {
    var order: [UInt16] = []
    order.reserveCapacity(size * size)
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      // Upwards in the rightmost pair, then alternately down and up.
      let upward = (right + 1) & 2 == 0
      for step in 0..<size {
        let y = upward ? size - 1 - step : step
        for x in [right, right - 1] where !isFunction[y * size + x] {
          order.append(UInt16(x << 8 | y))
        }
      }
      right -= 2
    }
    return order
  }
}
