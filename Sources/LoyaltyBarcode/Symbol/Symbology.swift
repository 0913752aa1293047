/// A kind of barcode: how a payload becomes bars or modules, and what a scanner reads back.
public enum Symbology: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// EAN-13: 13 digits, the last a check digit; the retail code of most of the world.
  case ean13 = "EAN-13"
  /// EAN-8: 8 digits, the last a check digit; for small packages.
  case ean8 = "EAN-8"
  /// UPC-A: 12 digits, the last a check digit; an EAN-13 whose first digit is 0.
  case upcA = "UPC-A"
  /// Code 128: any ASCII text, sets A, B and C, with a mod-103 check symbol.
  case code128 = "Code 128"
  /// GS1-128: Code 128 with FNC1 after the start, for GS1 element strings.
  case gs1128 = "GS1-128"
  /// QR Code (ISO/IEC 18004): a matrix code of versions 1 to 40.
  case qr = "QR"

  /// The symbology's name, as printed by scanners and the standards.
  public var description: String { rawValue }

  /// The symbology a server names in a `barcode_type` field, or `nil` for a name it does
  /// not know.
  ///
  /// Case, spaces, hyphens and underscores are ignored: `"EAN13"`, `"ean-13"` and
  /// `"EAN_13"` all name ``ean13``; `"QR"`, `"QRCODE"` and `"qr_code"` name ``qr``;
  /// `"CODE128"` names ``code128``, and `"GS1128"` or `"EAN128"` name ``gs1128``.
  /// - Parameter serverName: the value the server sent.
  public init?(serverName: String) {
    let key = String(
      serverName.uppercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
    switch key {
    case "EAN13", "JAN13", "GTIN13": self = .ean13
    case "EAN8", "JAN8", "GTIN8": self = .ean8
    case "UPCA", "UPC", "GTIN12": self = .upcA
    case "CODE128", "C128": self = .code128
    case "GS1128", "EAN128", "UCCEAN128": self = .gs1128
    case "QR", "QRCODE": self = .qr
    default: return nil
    }
  }
}
