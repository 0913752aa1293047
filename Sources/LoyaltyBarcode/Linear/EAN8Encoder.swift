/// Draws EAN-8 (GTIN-8): 7 digits and a check digit, for packages too small for an EAN-13.
///
/// The payload is the 7 digits, whose check digit is computed, or all 8, whose check digit
/// is checked. The symbol is 67 modules of bars (start guard, four digits in set A, centre
/// guard, four digits in set C, end guard) between quiet zones of 7 modules on each side.
///
/// `try EAN8Encoder().encode("9638507")` is the symbol whose ``BarcodeSymbol/text`` is
/// `"96385074"`.
public struct EAN8Encoder: BarcodeEncoder, Hashable {
  /// The bars' nominal height in modules: 55, the standard's 18.23 mm at its nominal module
  /// width of 0.33 mm.
  public static let defaultHeight = 55

  /// The bars' height in modules, from 1 to 1000.
  public var height: Int

  /// Creates an encoder.
  /// - Parameter height: the bars' height in modules, from 1 to 1000; ``defaultHeight`` by
  ///   default.
  public init(height: Int = EAN8Encoder.defaultHeight) {
    self.height = height
  }

  /// ``Symbology/ean8``.
  public var symbology: Symbology { .ean8 }

  /// The EAN-8 symbol of `payload`, 7 or 8 ASCII digits.
  ///
  /// Its ``BarcodeSymbol/text`` is the 8 digits, check digit included; its
  /// ``BarcodeSymbol/humanReadable`` the digits as printed under the bars, in two groups of
  /// four: `"9638 5074"`.
  /// - Throws: ``BarcodeError`` for an empty payload, a character other than a digit,
  ///   another length, a wrong check digit, or a height outside 1...1000.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    try LinearSymbol.validate(height: height, symbology: .ean8)
    let digits = try UPCEAN.digits(of: payload, dataLength: 7, symbology: .ean8)
    var bars = [Bool](repeating: false, count: 67)
    var offset = 0
    UPCEAN.write(guard: UPCEAN.sideGuard, into: &bars, at: &offset)
    for index in 0..<4 {
      UPCEAN.write(digit: digits[index], set: .a, into: &bars, at: &offset)
    }
    UPCEAN.write(guard: UPCEAN.centreGuard, into: &bars, at: &offset)
    for index in 4..<8 {
      UPCEAN.write(digit: digits[index], set: .c, into: &bars, at: &offset)
    }
    UPCEAN.write(guard: UPCEAN.sideGuard, into: &bars, at: &offset)
    return LinearSymbol.symbol(
      .ean8, bars: bars, left: 7, right: 7, height: height, text: UPCEAN.text(digits),
      humanReadable: UPCEAN.text(digits, breaks: [4]))
  }
}
