extension BarcodeSymbol {
  /// Whether the symbology draws bars (every row of the matrix alike) rather than a matrix.
  public var isLinear: Bool { symbology != .qr }

  /// The same symbol with its bars `height` modules high (at least 1), its quiet zone
  /// unchanged: a short code for a list row or a terminal, a tall one for print. A QR
  /// symbol is returned as it is: its height is its width.
  /// - Parameter height: the bars' height in modules.
  public func withBarHeight(_ height: Int) -> BarcodeSymbol {
    guard isLinear else { return self }
    let zone = matrix.quietZone
    let row = matrix.quietZone.top
    let bars = (zone.left..<(matrix.width - zone.right)).map { matrix[$0, row] }
    return BarcodeSymbol(
      symbology: symbology, text: text,
      matrix: BarcodeMatrix(bars: bars, quietZone: zone, height: height),
      humanReadable: humanReadable)
  }
}
