import Testing

@testable import LoyaltyBarcode

/// The names a server may give its codes' symbology (`barcode_type`), and the symbology a
/// code shows by itself.
@Suite struct SymbologyTests {
  @Test(arguments: [
    ("EAN13", Symbology.ean13), ("ean-13", .ean13), ("EAN_13", .ean13), ("EAN8", .ean8),
    ("UPC-A", .upcA), ("UPCA", .upcA), ("CODE128", .code128), ("Code 128", .code128),
    ("GS1-128", .gs1128), ("EAN128", .gs1128), ("QR", .qr), ("QRCODE", .qr), ("qr_code", .qr),
  ])
  func knownNames(name: String, symbology: Symbology) {
    #expect(Symbology(serverName: name) == symbology)
  }

  @Test(arguments: ["", "EAN", "EAN-14", "PDF417", "DATAMATRIX", "QR2"])
  func unknownNames(name: String) {
    #expect(Symbology(serverName: name) == nil)
  }

  @Test(
    "13 or 12 digits ending in their check digit are EAN-13 or UPC-A; anything else Code 128",
    arguments: [
      ("5901234123457", Symbology.ean13),  // check digit 7
      ("5901234123456", .code128), ("5901234123458", .code128),  // one off either way
      ("036000291452", .upcA),  // check digit 2
      ("036000291451", .code128), ("036000291453", .code128),
      ("59012341234", .code128),  // 11 digits
      ("59012341234570", .code128),  // 14 digits
      ("590123412345A", .code128), ("", .code128), ("COUPON-2026", .code128),
      ("96385074", .code128),  // a valid EAN-8 is not guessed: Code 128 reads it as it is
    ])
  func shownByTheCode(code: String, symbology: Symbology) {
    #expect(Symbology.shown(by: code) == symbology)
  }

  @Test("a code is drawn so that a scanner reads the code itself")
  func readsBackTheCode() throws {
    for code in ["5901234123457", "036000291452", "5901234123456", "COUPON-2026"] {
      #expect(try BarcodeSymbol(code: code, serverType: nil).text == code)
    }
  }

  @Test("the server's type is followed: EAN13 of 12 digits gets its check digit")
  func serverType() throws {
    let named = try BarcodeSymbol(code: "590123412345", serverType: "EAN13")
    #expect(named.symbology == .ean13)
    #expect(named.text == "5901234123457")
    #expect(try BarcodeSymbol(code: "5901234123457", serverType: "QR").symbology == .qr)
    #expect(try BarcodeSymbol(code: "5901234123457", serverType: "code128").symbology == .code128)
  }

  @Test("a wrong check digit under EAN13, an unknown type, a non-ASCII code: typed errors")
  func refused() {
    #expect(throws: BarcodeError(.ean13, .invalidCheckDigit(expected: "7", actual: "8"))) {
      try BarcodeSymbol(code: "5901234123458", serverType: "EAN13")
    }
    #expect(throws: BarcodeError(nil, .unknownSymbology("PDF417"))) {
      try BarcodeSymbol(code: "5901234123457", serverType: "PDF417")
    }
    #expect(throws: BarcodeError.self) { try BarcodeSymbol(code: "καφές", serverType: nil) }
    #expect(throws: BarcodeError.self) { try BarcodeSymbol(code: "", serverType: nil) }
  }
}

/// A linear symbol drawn shorter or taller keeps its bars and quiet zone.
@Suite struct BarHeightTests {
  @Test(arguments: [1, 2, 69, 200])
  func linear(height: Int) throws {
    let symbol = try EAN13Encoder().encode("5901234123457")
    let resized = symbol.withBarHeight(height)
    let zone = symbol.matrix.quietZone
    #expect(resized.matrix.width == symbol.matrix.width)
    #expect(resized.matrix.height == zone.top + height + zone.bottom)
    for y in zone.top..<(zone.top + height) {
      for x in 0..<symbol.matrix.width {
        #expect(resized.matrix[x, y] == symbol.matrix[x, zone.top])
      }
    }
    #expect(resized.text == symbol.text)
  }

  @Test func belowOneIsOne() throws {
    let symbol = try Code128Encoder().encode("A1")
    #expect(symbol.withBarHeight(0) == symbol.withBarHeight(1))
  }

  @Test func qrUnchanged() throws {
    let symbol = try QREncoder().encode("HELLO")
    #expect(symbol.withBarHeight(3) == symbol)
  }
}

/// The check digit of 12 digits, for a host that completes or checks a code itself.
@Suite struct CheckDigitTests {
  @Test(arguments: [
    ("400638133393", Character("1")), ("590123412345", "7"), ("978030640615", "7"),
    ("000000000000", "0"),
  ])
  func known(digits: String, check: Character) {
    #expect(EAN13Encoder.checkDigit(of: digits) == check)
  }

  @Test(arguments: ["40063813339", "4006381333931", "40063813339A", "", "４００６３８１３３３９３"])
  func notTwelveDigits(digits: String) {
    #expect(EAN13Encoder.checkDigit(of: digits) == nil)
  }
}
