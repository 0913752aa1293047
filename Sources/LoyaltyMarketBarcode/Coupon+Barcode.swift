public import LoyaltyBarcode
public import LoyaltyMarket

extension Coupon {
  /// The symbol a till scans for this coupon: its ``Coupon/barcode`` drawn as EAN-13 when
  /// it is 13 digits with a valid check digit, as UPC-A (the same bars as the EAN-13 with a
  /// leading 0) when it is 12 digits with a valid check digit, else as Code 128, which
  /// draws any ASCII text as it is.
  ///
  /// The coupon's answer names no symbology, so it is chosen from the code
  /// (``LoyaltyBarcode/BarcodeSymbol/init(code:serverType:)``); a scanner reads back
  /// exactly ``Coupon/barcode``.
  ///
  /// - Throws: ``LoyaltyBarcode/BarcodeError`` when the code cannot be drawn (empty, or a
  ///   character outside ASCII); nothing is drawn then.
  public func barcodeSymbol() throws(BarcodeError) -> BarcodeSymbol {
    try BarcodeSymbol(code: barcode, serverType: nil)
  }
}
