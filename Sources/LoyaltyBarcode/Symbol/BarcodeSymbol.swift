/// A payload drawn as a symbology: what every output renders.
///
/// Make one with an encoder (``EAN13Encoder``, ``Code128Encoder``, ``QREncoder`` and the
/// others), or with ``BarcodeSymbol/init(code:serverType:)`` for a code whose symbology
/// is chosen from what a server sent.
public struct BarcodeSymbol: Sendable, Hashable {
  /// The symbology it is drawn in.
  public let symbology: Symbology
  /// What a scanner reads from it: for EAN and UPC the digits with their check digit; for
  /// GS1-128 the element string without parentheses or its leading FNC1, each FNC1 that
  /// ends a variable-length field read as GS (U+001D); else the payload.
  public let text: String
  /// The modules to draw, quiet zone included.
  public let matrix: BarcodeMatrix
  /// The text printed under the bars for a person to read, where the symbology has one
  /// (EAN and UPC digits), else `nil`.
  public let humanReadable: String?
}
