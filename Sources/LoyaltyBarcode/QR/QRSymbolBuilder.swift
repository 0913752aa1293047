/// Draws a symbol from its data codewords: error correction, placement, masking and the
/// format information, then the quiet zone.
///
/// The symbol is built as bits by row and by column (see ``QRTemplate``), in buffers sized
/// once per symbol; each mask is applied to a copy and scored, and the best one drawn into
/// the matrix.
enum QRSymbolBuilder {
  /// The matrix of a symbol.
  ///
  /// - Parameters:
  ///   - data: the data codewords, terminator and padding included.
  ///   - version: the version, 1 to 40.
  ///   - level: the error-correction level.
  ///   - mask: the mask 0 to 7, or `nil` for the one of lowest penalty (the first of
  ///     equal ones).
  ///   - quietZone: the light margin on each side, in modules.
  static func matrix(
    data: [UInt8], version: Int, level: QREncoder.ErrorCorrection, mask: Int?, quietZone: Int
  ) -> BarcodeMatrix {
    let template = QRTemplate.of(version: version)
    let (size, words) = (template.size, template.words)
    let codewords = QRCodewords.interleaved(data, version: version, level: level)
    // The unmasked symbol: the template, then each codeword bit in placement order (the
    // remainder bits after the last codeword stay light).
    var rows = template.rows
    var columns = template.columns
    rows.withUnsafeMutableBufferPointer { rows in
      columns.withUnsafeMutableBufferPointer { columns in
        template.order.withUnsafeBufferPointer { order in
          codewords.withUnsafeBufferPointer { codewords in
            var position = 0
            for codeword in codewords {
              for shift in stride(from: 7, through: 0, by: -1) {
                let bit = UInt64((codeword >> UInt8(shift)) & 1)
                let module = Int(order[position])
                let (x, y) = (module >> 8, module & 0xFF)
                rows[y * words + (x >> 6)] |= bit << UInt64(x & 63)
                columns[x * words + (y >> 6)] |= bit << UInt64(y & 63)
                position += 1
              }
            }
          }
        }
      }
    }
    var best = rows
    if let mask {
      var unusedColumns = columns
      apply(mask, level: level, template, rows, columns, into: &best, &unusedColumns)
    } else {
      var candidateRows = rows
      var candidateColumns = columns
      var bestScore = Int.max
      for mask in 0..<QRMaskPattern.count {
        apply(mask, level: level, template, rows, columns, into: &candidateRows, &candidateColumns)
        let score = candidateRows.withUnsafeBufferPointer { rows in
          candidateColumns.withUnsafeBufferPointer { columns in
            QRPenalty.score(
              rows: rows, columns: columns, size: size, words: words, limit: bestScore)
          }
        }
        if score < bestScore {
          bestScore = score
          swap(&best, &candidateRows)
        }
      }
    }
    var matrix = BarcodeMatrix(
      width: size + 2 * quietZone, height: size + 2 * quietZone,
      quietZone: .uniform(quietZone))
    best.withUnsafeBufferPointer { best in
      for y in 0..<size {
        for word in 0..<words {
          var bits = best[y * words + word]
          while bits != 0 {
            let x = word << 6 | bits.trailingZeroBitCount
            bits &= bits &- 1
            matrix.set(x: x + quietZone, y: y + quietZone, dark: true)
          }
        }
      }
    }
    return matrix
  }

  /// Writes the symbol with `mask` applied to its encoding region and its format
  /// information drawn, by row and by column.
  private static func apply(
    _ mask: Int, level: QREncoder.ErrorCorrection, _ template: QRTemplate, _ rows: [UInt64],
    _ columns: [UInt64], into maskedRows: inout [UInt64], _ maskedColumns: inout [UInt64]
  ) {
    let (size, words) = (template.size, template.words)
    maskedRows.withUnsafeMutableBufferPointer { maskedRows in
      maskedColumns.withUnsafeMutableBufferPointer { maskedColumns in
        flip(rows, template.dataRows, QRMaskPattern.rowTable, mask, size, words, maskedRows)
        flip(
          columns, template.dataColumns, QRMaskPattern.columnTable, mask, size, words,
          maskedColumns)
        QRFormatInformation.draw(
          level: level, mask: mask, size: size, words: words, rows: maskedRows,
          columns: maskedColumns)
      }
    }
  }

  /// `lines` with the flips of `table` (rows or columns) applied where `data` is set.
  @inline(__always)
  private static func flip(
    _ lines: [UInt64], _ data: [UInt64], _ table: [UInt64], _ mask: Int, _ size: Int,
    _ words: Int, _ output: UnsafeMutableBufferPointer<UInt64>
  ) {
    lines.withUnsafeBufferPointer { lines in
      data.withUnsafeBufferPointer { data in
        table.withUnsafeBufferPointer { table in
          for line in 0..<size {
            let flips = QRMaskPattern.offset(mask: mask, line: line)
            for word in 0..<words {
              let index = line * words + word
              output[index] = lines[index] ^ (table[flips + word] & data[index])
            }
          }
        }
      }
    }
  }
}
