/// Draws UPC-A (GTIN-12): 11 digits and a check digit, the retail code of North America.
///
/// The payload is the 11 digits, whose check digit is computed, or all 12, whose check
/// digit is checked. The bars are those of the EAN-13 that starts with 0 (95 modules, all
/// six left digits in set A), between quiet zones of 9 modules on each side.
///
/// `try UPCAEncoder().encode("03600029145")` is the symbol whose ``BarcodeSymbol/text`` is
/// `"036000291452"`.
public struct UPCAEncoder: BarcodeEncoder, Hashable {
  /// The bars' nominal height in modules: 69, the standard's 22.85 mm at its nominal module
  /// width of 0.33 mm.
  public static let defaultHeight = 69

  /// The bars' height in modules, from 1 to 1000.
  public var height: Int

  /// Creates an encoder.
  /// - Parameter height: the bars' height in modules, from 1 to 1000; ``defaultHeight`` by
  ///   default.
  public init(height: Int = UPCAEncoder.defaultHeight) {
    self.height = height
  }

  /// ``Symbology/upcA``.
  public var symbology: Symbology { .upcA }

  /// The UPC-A symbol of `payload`, 11 or 12 ASCII digits.
  ///
  /// Its ``BarcodeSymbol/text`` is the 12 digits, check digit included; its
  /// ``BarcodeSymbol/humanReadable`` the digits as printed under the bars, the first and
  /// the last apart and the others in two groups of five: `"0 36000 29145 2"`.
  /// - Throws: ``BarcodeError`` for an empty payload, a character other than a digit,
  ///   another length, a wrong check digit, or a height outside 1...1000.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    try LinearSymbol.validate(height: height, symbology: .upcA)
    let digits = try UPCEAN.digits(of: payload, dataLength: 11, symbology: .upcA)
    let bars = EAN13Encoder.bars([0] + digits)
    return LinearSymbol.symbol(
      .upcA, bars: bars, left: 9, right: 9, height: height, text: UPCEAN.text(digits),
      humanReadable: UPCEAN.text(digits, breaks: [1, 6, 11]))
  }
}
