/// What every linear encoder shares: the range of the bars' height and how bars become a
/// symbol.
enum LinearSymbol {
  /// The tallest bars a linear encoder draws, in modules.
  static let maximumBarHeight = 1000

  /// Checks a bar height given as an option, in modules.
  ///
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/invalidOption(_:)``) outside
  ///   1...``maximumBarHeight``.
  static func validate(height: Int, symbology: Symbology) throws(BarcodeError) {
    guard (1...maximumBarHeight).contains(height) else {
      throw BarcodeError(
        symbology, .invalidOption("bar height \(height) outside 1...\(maximumBarHeight)"))
    }
  }

  /// The symbol of `bars`, with `left` and `right` modules of quiet zone and none above or
  /// below.
  static func symbol(
    _ symbology: Symbology, bars: [Bool], left: Int, right: Int, height: Int, text: String,
    humanReadable: String?
  ) -> BarcodeSymbol {
    let matrix = BarcodeMatrix(
      bars: bars, quietZone: .init(left: left, right: right, top: 0, bottom: 0), height: height)
    return BarcodeSymbol(
      symbology: symbology, text: text, matrix: matrix, humanReadable: humanReadable)
  }
}
