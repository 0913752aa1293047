extension BarcodeSymbol {
  /// The symbol of a code a server sent, in the symbology it names or else the one the code
  /// itself shows: what a coupon or a pass is drawn with.
  ///
  /// - With a `serverType` (a `barcode_type` such as `"EAN13"`, read by
  ///   ``Symbology/init(serverName:)``), the code is drawn in that symbology with its
  ///   default options. An EAN-13 of 12 digits gets its check digit computed, as the
  ///   standard allows; a code the symbology cannot take (a wrong check digit, a letter in
  ///   an EAN) is an error.
  /// - Without one, ``Symbology/shown(by:)`` chooses.
  ///
  /// - Parameters:
  ///   - code: the code, as the server sent it.
  ///   - serverType: the symbology the server named, or `nil` when it named none.
  /// - Throws: ``BarcodeError``: ``BarcodeError/Reason/unknownSymbology(_:)`` for a type
  ///   this product does not draw, or the encoder's error for a code it cannot draw as it
  ///   is. Never a picture of another code.
  public init(code: String, serverType: String?) throws(BarcodeError) {
    let symbology: Symbology
    if let serverType {
      guard let named = Symbology(serverName: serverType) else {
        throw BarcodeError(nil, .unknownSymbology(serverType))
      }
      symbology = named
    } else {
      symbology = .shown(by: code)
    }
    self = try symbology.defaultEncoder.encode(code)
  }
}
