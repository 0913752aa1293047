/// Draws EAN-13 (GTIN-13, JAN): 12 digits and a check digit, the retail code of most of the
/// world.
///
/// The payload is the 12 digits, whose check digit is computed, or all 13, whose check
/// digit is checked. The symbol is 95 modules of bars (start guard, six digits, centre
/// guard, six digits, end guard) between quiet zones of 11 modules on the left and 7 on the
/// right, as ISO/IEC 15420 and the GS1 General Specifications ask; the first digit has no
/// bars of its own but chooses the parity of the six digits left of the centre.
///
/// `try EAN13Encoder().encode("400638133393")` is the symbol whose ``BarcodeSymbol/text`` is
/// `"4006381333931"`.
public struct EAN13Encoder: BarcodeEncoder, Hashable {
  /// The bars' nominal height in modules: 69, the standard's 22.85 mm at its nominal module
  /// width of 0.33 mm.
  public static let defaultHeight = 69

  /// The bars' height in modules, from 1 to 1000.
  public var height: Int

  /// Creates an encoder.
  /// - Parameter height: the bars' height in modules, from 1 to 1000; ``defaultHeight`` by
  ///   default.
  public init(height: Int = EAN13Encoder.defaultHeight) {
    self.height = height
  }

  /// ``Symbology/ean13``.
  public var symbology: Symbology { .ean13 }

  /// The check digit of 12 digits, which makes them an EAN-13 (GTIN-13), or `nil` when
  /// `digits` is not 12 ASCII digits.
  ///
  /// `EAN13Encoder.checkDigit(of: "400638133393")` is `"1"`.
  /// - Parameter digits: the code without its check digit.
  public static func checkDigit(of digits: String) -> Character? {
    let values = digits.utf8.map { $0 &- UInt8(ascii: "0") }
    guard values.count == 12, values.allSatisfy({ $0 <= 9 }) else { return nil }
    return UPCEAN.character(UPCEAN.checkDigit(of: values))
  }

  /// The EAN-13 symbol of `payload`, 12 or 13 ASCII digits.
  ///
  /// Its ``BarcodeSymbol/text`` is the 13 digits, check digit included, as a scanner reads
  /// them; its ``BarcodeSymbol/humanReadable`` the digits as printed under the bars, the
  /// first apart and the others in two groups of six: `"4 006381 333931"`.
  /// - Throws: ``BarcodeError`` for an empty payload, a character other than a digit,
  ///   another length, a wrong check digit, or a height outside 1...1000.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    try LinearSymbol.validate(height: height, symbology: .ean13)
    let digits = try UPCEAN.digits(of: payload, dataLength: 12, symbology: .ean13)
    let bars = Self.bars(digits)
    return LinearSymbol.symbol(
      .ean13, bars: bars, left: 11, right: 7, height: height, text: UPCEAN.text(digits),
      humanReadable: UPCEAN.text(digits, breaks: [1, 7]))
  }

  /// The 95 modules of the 13 `digits`, guards included.
  static func bars(_ digits: [UInt8]) -> [Bool] {
    var bars = [Bool](repeating: false, count: 95)
    var offset = 0
    let parity = UPCEAN.firstDigitParity[Int(digits[0])]
    UPCEAN.write(guard: UPCEAN.sideGuard, into: &bars, at: &offset)
    for index in 1...6 {
      let evenParity = parity & (1 << UInt8(6 - index)) != 0
      UPCEAN.write(digit: digits[index], set: evenParity ? .b : .a, into: &bars, at: &offset)
    }
    UPCEAN.write(guard: UPCEAN.centreGuard, into: &bars, at: &offset)
    for index in 7...12 {
      UPCEAN.write(digit: digits[index], set: .c, into: &bars, at: &offset)
    }
    UPCEAN.write(guard: UPCEAN.sideGuard, into: &bars, at: &offset)
    return bars
  }
}
