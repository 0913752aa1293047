/// Draws GS1-128: Code 128 with an FNC1 after the start character, holding a GS1 element
/// string.
///
/// The payload is the element string in its human form, each application identifier (AI)
/// in parentheses before its data: `(01)09501101530003(17)250101(10)ABC123`. The encoder
/// checks it (an AI of two to four digits, data not empty and of GS1's 82 characters, the
/// length and check digit of the AIs with a predefined length, the maximum length of some
/// common others), puts an FNC1 after each element of variable length that is not the last,
/// and draws it as ``Code128Encoder`` does, in the fewest symbol characters. A `(` in the
/// data cannot be written in this form: it always opens an AI.
///
/// A symbol holds at most ``maximumDataCharacters`` data characters, the GS1 General
/// Specifications' limit.
public struct GS1128Encoder: BarcodeEncoder, Hashable {
  /// The most data characters of a symbol: 48, the AIs', their data's and the separating
  /// FNC1s' (the GS1 General Specifications' count, without start, leading FNC1, check and
  /// stop characters).
  public static let maximumDataCharacters = 48

  /// The bars' height in modules, from 1 to 1000, or `nil` for 15 % of the symbol's width
  /// with its quiet zones, and at least 32 modules.
  public var height: Int?

  /// Creates an encoder.
  /// - Parameter height: the bars' height in modules, from 1 to 1000, or `nil` (the
  ///   default) for 15 % of the symbol's width and at least 32 modules.
  public init(height: Int? = nil) {
    self.height = height
  }

  /// ``Symbology/gs1128``.
  public var symbology: Symbology { .gs1128 }

  /// The GS1-128 symbol of `payload`, an element string in its human form.
  ///
  /// Its ``BarcodeSymbol/text`` is what a scanner reports: the AIs and their data without
  /// parentheses, a GS character (U+001D) where an FNC1 separates two elements, and nothing
  /// for the leading FNC1 (scanners report it as the symbology identifier `]C1`, not as
  /// data). Its ``BarcodeSymbol/humanReadable`` text is the payload, as printed under the
  /// bars.
  /// - Throws: ``BarcodeError``: ``BarcodeError/Reason/empty`` for an empty payload,
  ///   ``BarcodeError/Reason/invalidElementString(_:)`` for one GS1 does not allow,
  ///   ``BarcodeError/Reason/tooLong(maximum:actual:)`` beyond
  ///   ``maximumDataCharacters``, or ``BarcodeError/Reason/invalidOption(_:)`` for a
  ///   height outside 1...1000.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    if let height { try LinearSymbol.validate(height: height, symbology: .gs1128) }
    let elementString = try GS1ElementString(parsing: payload)
    guard elementString.dataCharacters <= Self.maximumDataCharacters else {
      throw BarcodeError(
        .gs1128,
        .tooLong(maximum: Self.maximumDataCharacters, actual: elementString.dataCharacters))
    }
    return try Code128Encoder.symbol(
      .gs1128, elements: elementString.elements,
      maximum: Code128Encoder.maximumSymbolCharacters, height: height,
      text: elementString.text, humanReadable: payload)
  }
}
