/// Turns a payload into a symbol of one symbology.
///
/// Each encoder is a value type holding its options; encoding is pure, so one encoder can
/// be shared by every task.
public protocol BarcodeEncoder: Sendable {
  /// The symbology it draws.
  var symbology: Symbology { get }

  /// The symbol for `payload`.
  ///
  /// - Throws: ``BarcodeError`` when the payload cannot be encoded (wrong length, wrong
  ///   check digit, a character outside the set, too long); nothing is drawn then.
  func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol
}
