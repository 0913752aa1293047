/// Draws Code 128 (ISO/IEC 15417): any ASCII text, control characters included.
///
/// The encoder chooses the start character and the changes between code sets A (control
/// characters and upper case), B (upper and lower case) and C (pairs of digits) so that the
/// symbol has the fewest symbol characters: a run of digits goes in set C where that saves
/// characters, an odd digit before or after it in set A or B, and a single character of
/// the other of sets A and B is shifted rather than latched where that is shorter. The
/// mod-103 check character and the stop character follow; the quiet zones are 10 modules
/// on each side, the standard's minimum.
///
/// A message takes at most ``maximumSymbolCharacters`` symbol characters between the start
/// and the check character (latches and shifts counted): Code 128 itself sets no limit,
/// but a longer symbol is wider than a phone's screen or a hand scanner's field of view at
/// a readable module size.
///
/// For GS1 element strings, use ``GS1128Encoder``.
public struct Code128Encoder: BarcodeEncoder, Hashable {
  /// The most symbol characters between the start and the check character: 80, a symbol
  /// of 935 modules with its quiet zones.
  public static let maximumSymbolCharacters = 80

  /// The quiet zone on each side, in modules.
  static let quietZone = 10

  /// The bars' height in modules, from 1 to 1000, or `nil` for 15 % of the symbol's width
  /// with its quiet zones, and at least 32 modules: ISO/IEC 15417 recommends a height of
  /// at least 15 % of the width.
  public var height: Int?

  /// Creates an encoder.
  /// - Parameter height: the bars' height in modules, from 1 to 1000, or `nil` (the
  ///   default) for 15 % of the symbol's width and at least 32 modules.
  public init(height: Int? = nil) {
    self.height = height
  }

  /// ``Symbology/code128``.
  public var symbology: Symbology { .code128 }

  /// The Code 128 symbol of `payload`, ASCII text (U+0000 to U+007F).
  ///
  /// Its ``BarcodeSymbol/text`` is the payload; it has no
  /// ``BarcodeSymbol/humanReadable`` text.
  /// - Throws: ``BarcodeError``: ``BarcodeError/Reason/empty`` for an empty payload,
  ///   ``BarcodeError/Reason/unsupportedCharacter(_:offset:)`` for a character outside
  ///   ASCII, ``BarcodeError/Reason/tooLong(maximum:actual:)`` beyond
  ///   ``maximumSymbolCharacters``, or ``BarcodeError/Reason/invalidOption(_:)`` for a
  ///   height outside 1...1000.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    if let height { try LinearSymbol.validate(height: height, symbology: .code128) }
    var elements: [UInt8] = []
    elements.reserveCapacity(payload.utf8.count)
    for byte in payload.utf8 {
      guard byte < 0x80 else { throw Self.nonASCII(in: payload, symbology: .code128) }
      elements.append(byte)
    }
    guard !elements.isEmpty else { throw BarcodeError(.code128, .empty) }
    return try Self.symbol(
      .code128, elements: elements, maximum: Self.maximumSymbolCharacters, height: height,
      text: payload, humanReadable: nil)
  }

  /// The symbol of `elements` (ASCII bytes and ``Code128Planner/fnc1``), in the cheapest
  /// plan.
  ///
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/tooLong(maximum:actual:)``) when the
  ///   plan takes more than `maximum` symbol characters between start and check.
  static func symbol(
    _ symbology: Symbology, elements: [UInt8], maximum: Int, height: Int?, text: String,
    humanReadable: String?
  ) throws(BarcodeError) -> BarcodeSymbol {
    // Each symbol character holds at most two elements: beyond twice the maximum, only the
    // cost is computed, for the error, without the plan's tables.
    if elements.count > 2 * maximum {
      throw BarcodeError(
        symbology, .tooLong(maximum: maximum, actual: Code128Planner.cost(of: elements)))
    }
    var values = Code128Planner.plan(elements)
    guard values.count - 1 <= maximum else {
      throw BarcodeError(symbology, .tooLong(maximum: maximum, actual: values.count - 1))
    }
    values.append(Code128Patterns.checkValue(values))
    let bars = Code128Patterns.bars(values)
    let width = bars.count + 2 * quietZone
    return LinearSymbol.symbol(
      symbology, bars: bars, left: quietZone, right: quietZone,
      height: height ?? max(32, (width * 15 + 99) / 100), text: text,
      humanReadable: humanReadable)
  }

  /// The error for the first character of `payload` outside ASCII, at its offset in
  /// characters.
  static func nonASCII(in payload: String, symbology: Symbology) -> BarcodeError {
    var offset = 0
    for character in payload {
      if character.unicodeScalars.contains(where: { !$0.isASCII }) {
        return BarcodeError(symbology, .unsupportedCharacter(character, offset: offset))
      }
      offset += 1
    }
    return BarcodeError(symbology, .empty)
  }
}
