public import LoyaltyBarcode
public import LoyaltyMarket

extension MarketPassDetails {
  /// The symbol a till scans for the market pass: its ``MarketPassDetails/barcode`` in the
  /// symbology its ``MarketPassDetails/barcodeType`` names (`EAN13`), or, when the server
  /// sent no type, the one chosen from the code as for a coupon.
  ///
  /// - Throws: ``LoyaltyBarcode/BarcodeError`` when the type names no symbology this
  ///   product draws (``LoyaltyBarcode/BarcodeError/Reason/unknownSymbology(_:)``), or the
  ///   code is not one the symbology takes (a wrong length or check digit): never a
  ///   picture of another code.
  public func barcodeSymbol() throws(BarcodeError) -> BarcodeSymbol {
    try BarcodeSymbol(code: barcode, serverType: barcodeType.isEmpty ? nil : barcodeType)
  }
}
