extension Symbology {
  /// The symbology a code shows by itself: EAN-13 for 13 ASCII digits whose last is their
  /// check digit, UPC-A for 12 such digits (the same bars as the EAN-13 with a leading 0),
  /// else Code 128, which draws any ASCII text as it is.
  ///
  /// A scanner reads back the code itself in each case: a run of digits whose last is not
  /// its check digit is drawn in Code 128, not given another check digit.
  /// - Parameter code: the code.
  public static func shown(by code: String) -> Symbology {
    // A UPC-A is the EAN-13 of its digits after a 0: one check digit rule for both.
    let length = code.utf8.count
    let padded = length == 12 ? "0" + code : code
    guard length == 12 || length == 13,
      EAN13Encoder.checkDigit(of: String(padded.dropLast())) == padded.last
    else { return .code128 }
    return length == 13 ? .ean13 : .upcA
  }

  /// The encoder of this symbology with its default options.
  public var defaultEncoder: any BarcodeEncoder {
    switch self {
    case .ean13: EAN13Encoder()
    case .ean8: EAN8Encoder()
    case .upcA: UPCAEncoder()
    case .code128: Code128Encoder()
    case .gs1128: GS1128Encoder()
    case .qr: QREncoder()
    }
  }
}
