import LoyaltyBarcode
import LoyaltyMarket
import LoyaltyMarketBarcode

// The blocks of Docs/Barcode.md.

private func drawCoupon(coupon: Coupon) throws {
  let symbol = try coupon.barcodeSymbol()  // LoyaltyMarketBarcode
  let png = try PNGRenderer(moduleSize: 3).render(symbol)
  let svg = try SVGRenderer(showsHumanReadable: true).render(symbol)
  print(TextRenderer().render(symbol))
  _ = (png, svg)
}
