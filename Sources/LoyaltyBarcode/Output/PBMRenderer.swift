/// Draws a symbol as a portable bitmap (PBM, binary `P4`): one bit per module, 1 for dark.
///
/// The simplest image format there is, read by netpbm, ImageMagick and most scanners'
/// tools; one pixel per module, the quiet zone included.
public struct PBMRenderer: Sendable, Hashable {
  /// Creates a renderer.
  public init() {}

  /// The PBM file of `symbol`.
  public func render(_ symbol: BarcodeSymbol) -> [UInt8] { render(symbol.matrix) }

  /// The PBM file of `matrix`.
  public func render(_ matrix: BarcodeMatrix) -> [UInt8] {
    var file = Array("P4\n\(matrix.width) \(matrix.height)\n".utf8)
    let rowBytes = (matrix.width + 7) / 8
    file.reserveCapacity(file.count + rowBytes * matrix.height)
    for y in 0..<matrix.height {
      var row = [UInt8](repeating: 0, count: rowBytes)
      for x in 0..<matrix.width where matrix[x, y] {
        row[x >> 3] |= UInt8(0x80) >> UInt8(x & 7)
      }
      file += row
    }
    return file
  }
}
