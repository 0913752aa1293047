import Testing

@testable import LoyaltyBarcode

/// The bars of a linear symbol (its first row without quiet zone) as 1s and 0s.
func linearModules(_ symbol: BarcodeSymbol) -> String {
  let matrix = symbol.matrix
  let row = matrix.quietZone.top
  let columns = matrix.quietZone.left..<(matrix.width - matrix.quietZone.right)
  return String(columns.map { matrix[$0, row] ? "1" : "0" })
}

/// EAN-13, EAN-8 and UPC-A: check digits, the bars, the human-readable text and the payloads
/// they refuse.
@Suite("EAN and UPC encoders")
struct UPCEANEncoderTests {
  @Test(
    "EAN-13 computes the check digit of real codes",
    arguments: ["4006381333931", "5901234123457", "9780306406157", "0036000291452"])
  func ean13CheckDigits(code: String) throws {
    let symbol = try EAN13Encoder().encode(String(code.prefix(12)))
    #expect(symbol.text == code)
    #expect(symbol.symbology == .ean13)
    #expect(try EAN13Encoder().encode(code).text == code)
  }

  @Test("EAN-8 and UPC-A compute the check digit of real codes")
  func otherCheckDigits() throws {
    #expect(try EAN8Encoder().encode("9638507").text == "96385074")
    #expect(try EAN8Encoder().encode("96385074").humanReadable == "9638 5074")
    #expect(try UPCAEncoder().encode("03600029145").text == "036000291452")
    #expect(try UPCAEncoder().encode("036000291452").humanReadable == "0 36000 29145 2")
    #expect(try EAN13Encoder().encode("400638133393").humanReadable == "4 006381 333931")
  }

  @Test("EAN-13 draws the published modules of 5901234123457")
  func ean13Modules() throws {
    // First digit 5: parities A B B A A B on the left; set C on the right.
    let expected = [
      "101",  // start guard
      "0001011", "0100111", "0110011", "0010011", "0111101", "0011101",  // 9 0 1 2 3 4
      "01010",  // centre guard
      "1100110", "1101100", "1000010", "1011100", "1001110", "1000100",  // 1 2 3 4 5 7
      "101",  // end guard
    ].joined()
    let symbol = try EAN13Encoder().encode("5901234123457")
    #expect(linearModules(symbol) == expected)
    #expect(symbol.matrix.width == 11 + 95 + 7)
    #expect(symbol.matrix.quietZone == .init(left: 11, right: 7, top: 0, bottom: 0))
    #expect(symbol.matrix.height == EAN13Encoder.defaultHeight)
    // Every row is the same.
    let last = symbol.matrix.height - 1
    for x in 0..<symbol.matrix.width {
      #expect(symbol.matrix[x, 0] == symbol.matrix[x, last])
    }
  }

  @Test("EAN-8 draws four digits in set A and four in set C")
  func ean8Modules() throws {
    let expected = [
      "101", "0001011", "0101111", "0111101", "0110111",  // 9 6 3 8 in set A
      "01010", "1001110", "1110010", "1000100", "1011100", "101",  // 5 0 7 4 in set C
    ].joined()
    let symbol = try EAN8Encoder().encode("96385074")
    #expect(linearModules(symbol) == expected)
    #expect(symbol.matrix.width == 7 + 67 + 7)
    #expect(symbol.matrix.height == EAN8Encoder.defaultHeight)
  }

  @Test("UPC-A draws the EAN-13 of its digits after a 0, with quiet zones of 9")
  func upcAModules() throws {
    let upc = try UPCAEncoder().encode("036000291452")
    let ean = try EAN13Encoder().encode("0036000291452")
    #expect(linearModules(upc) == linearModules(ean))
    #expect(upc.matrix.quietZone == .init(left: 9, right: 9, top: 0, bottom: 0))
    #expect(upc.symbology == .upcA)
  }

  @Test("the height is an option, checked")
  func height() throws {
    #expect(try EAN13Encoder(height: 1).encode("400638133393").matrix.height == 1)
    #expect(try UPCAEncoder(height: 1000).encode("03600029145").matrix.height == 1000)
    for height in [0, -1, 1001] {
      #expect(throws: BarcodeError.self) { try EAN8Encoder(height: height).encode("9638507") }
    }
  }

  /// The error of `encoder` for `payload`, or `nil` when it encodes.
  func reason(_ encoder: some BarcodeEncoder, _ payload: String) -> BarcodeError.Reason? {
    do {
      _ = try encoder.encode(payload)
      return nil
    } catch {
      #expect(error.symbology == encoder.symbology)
      return error.reason
    }
  }

  @Test("one digit too few or too many")
  func lengths() {
    #expect(reason(EAN13Encoder(), "40063813339") == .invalidLength(allowed: [12, 13], actual: 11))
    #expect(
      reason(EAN13Encoder(), "40063813339310") == .invalidLength(allowed: [12, 13], actual: 14))
    #expect(reason(EAN8Encoder(), "963850") == .invalidLength(allowed: [7, 8], actual: 6))
    #expect(reason(EAN8Encoder(), "963850740") == .invalidLength(allowed: [7, 8], actual: 9))
    #expect(reason(UPCAEncoder(), "0360002914") == .invalidLength(allowed: [11, 12], actual: 10))
    #expect(
      reason(UPCAEncoder(), "0360002914520") == .invalidLength(allowed: [11, 12], actual: 13))
    #expect(reason(EAN13Encoder(), "") == .empty)
    #expect(reason(EAN8Encoder(), "") == .empty)
    #expect(reason(UPCAEncoder(), "") == .empty)
  }

  @Test("a check digit off by one either way")
  func checkDigits() {
    #expect(
      reason(EAN13Encoder(), "4006381333930") == .invalidCheckDigit(expected: "1", actual: "0"))
    #expect(
      reason(EAN13Encoder(), "4006381333932") == .invalidCheckDigit(expected: "1", actual: "2"))
    #expect(reason(EAN8Encoder(), "96385073") == .invalidCheckDigit(expected: "4", actual: "3"))
    #expect(reason(EAN8Encoder(), "96385075") == .invalidCheckDigit(expected: "4", actual: "5"))
    #expect(
      reason(UPCAEncoder(), "036000291451") == .invalidCheckDigit(expected: "2", actual: "1"))
    #expect(
      reason(UPCAEncoder(), "036000291453") == .invalidCheckDigit(expected: "2", actual: "3"))
    // A check digit of 0 and of 9: the wrap-around either way.
    #expect(reason(EAN13Encoder(), "0000000000000") == nil)
    #expect(
      reason(EAN13Encoder(), "0000000000009") == .invalidCheckDigit(expected: "0", actual: "9"))
  }

  @Test("a character just outside the digits")
  func characters() {
    // "/" and ":" surround the ASCII digits; then other scripts' digits.
    #expect(
      reason(EAN13Encoder(), "40063813339/") == .unsupportedCharacter("/", offset: 11))
    #expect(reason(EAN8Encoder(), ":638507") == .unsupportedCharacter(":", offset: 0))
    #expect(reason(UPCAEncoder(), "0360002914٥") == .unsupportedCharacter("٥", offset: 10))
    #expect(reason(EAN13Encoder(), "４00638133393") == .unsupportedCharacter("４", offset: 0))
    #expect(reason(EAN13Encoder(), " 400638133393") == .unsupportedCharacter(" ", offset: 0))
  }
}
