/// A symbol's final codeword sequence: the data codewords cut into blocks, each block's
/// Reed-Solomon codewords added, and both interleaved block by block as the standard
/// places them.
enum QRCodewords {
  /// The interleaved data and error-correction codewords of a symbol.
  ///
  /// - Parameters:
  ///   - data: the data codewords, exactly ``QRTables/dataCodewords(version:level:)``.
  ///   - version: the version, 1 to 40.
  ///   - level: the error-correction level.
  static func interleaved(
    _ data: [UInt8], version: Int, level: QREncoder.ErrorCorrection
  ) -> [UInt8] {
    let blocks = QRTables.errorCorrectionBlocks[level.tableIndex][version]
    let degree = QRTables.errorCorrectionCodewordsPerBlock[level.tableIndex][version]
    let total = QRTables.totalCodewords[version]
    // The first blocks are one data codeword shorter than the last ones.
    let longBlocks = total % blocks
    let shortBlocks = blocks - longBlocks
    let shortData = total / blocks - degree
    let dataTotal = data.count
    var output = [UInt8](repeating: 0, count: total)
    var remainder = [UInt8](repeating: 0, count: QRReedSolomon.maximumDegree)
    data.withUnsafeBufferPointer { data in
      output.withUnsafeMutableBufferPointer { output in
        remainder.withUnsafeMutableBufferPointer { remainder in
          var start = 0
          for block in 0..<blocks {
            let length = shortData + (block < shortBlocks ? 0 : 1)
            // Data: codeword i of every block, then codeword i + 1 of every block; a
            // short block has no last codeword, so the long ones' come after the others'.
            for index in 0..<length {
              let position =
                index < shortData
                ? index * blocks + block : shortData * blocks + (block - shortBlocks)
              output[position] = data[start + index]
            }
            let blockData = UnsafeBufferPointer(rebasing: data[start..<start + length])
            QRReedSolomon.remainder(of: blockData, degree: degree, into: remainder)
            for index in 0..<degree {
              output[dataTotal + index * blocks + block] = remainder[index]
            }
            start += length
          }
        }
      }
    }
    return output
  }
}
