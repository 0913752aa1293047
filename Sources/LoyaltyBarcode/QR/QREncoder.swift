/// Draws text or bytes as a QR Code (ISO/IEC 18004), versions 1 to 40.
///
/// The payload is cut into numeric, alphanumeric and byte segments with the fewest bits,
/// drawn in the smallest version that holds it at the level asked for, and masked with the
/// pattern of lowest penalty, as the standard describes. `try QREncoder().encode(url)`
/// gives a ``BarcodeSymbol`` for any renderer, ``PNGRenderer`` among them; its version and
/// level are read back with ``version(of:)`` and ``errorCorrection(of:)``.
///
/// Text is drawn in ISO-8859-1 (Latin-1) when every character is in it, the standard's
/// default character set, else in UTF-8. ASCII text carries no ECI designator (it reads
/// the same in every character set); other Latin-1 text carries the designator 3
/// (ISO-8859-1) and UTF-8 text the designator 26, because scanners do not agree on what
/// undeclared bytes above 0x7F mean (zbar tries Shift JIS and Big5 first, others UTF-8):
/// 12 bits that make the text read back as sent. ``encode(bytes:)`` draws binary data.
///
/// Scanners need a light margin of 4 modules around a QR code (the default
/// ``quietZone``); a smaller one is for a code whose surroundings are light already.
public struct QREncoder: BarcodeEncoder, Hashable {
  /// The error-correction level asked for; `.medium` (M) by default.
  public var errorCorrection: ErrorCorrection
  /// The smallest version to draw, 1 to 40; 1 by default. A payload that does not fit it
  /// gets the smallest larger version that holds it.
  public var minimumVersion: Int
  /// Whether to raise the error-correction level above ``errorCorrection`` while the
  /// payload still fits the version chosen; `false` by default, so the level drawn is the
  /// level asked for.
  public var boostErrorCorrection: Bool
  /// The mask pattern, 0 to 7, or `nil` (the default) for the one of lowest penalty
  /// score in the standard's evaluation (rules N1 to N4).
  public var mask: Int?
  /// The light margin on each side, in modules, 0 to 100; 4 by default, what the
  /// standard requires and scanners need.
  public var quietZone: Int

  /// The symbology it draws: ``Symbology/qr``.
  public var symbology: Symbology { .qr }

  /// The largest ``quietZone``.
  public static let maximumQuietZone = 100

  /// Creates an encoder.
  /// - Parameters:
  ///   - errorCorrection: the level; M by default.
  ///   - minimumVersion: the smallest version to draw, 1 to 40; 1 by default.
  ///   - boostErrorCorrection: whether to raise the level while the payload still fits
  ///     the version chosen; `false` by default.
  ///   - mask: the mask pattern 0 to 7, or `nil` to choose it by penalty score.
  ///   - quietZone: the margin in modules, 0 to 100; 4 by default.
  public init(
    errorCorrection: ErrorCorrection = .medium, minimumVersion: Int = 1,
    boostErrorCorrection: Bool = false, mask: Int? = nil, quietZone: Int = 4
  ) {
    self.errorCorrection = errorCorrection
    self.minimumVersion = minimumVersion
    self.boostErrorCorrection = boostErrorCorrection
    self.mask = mask
    self.quietZone = quietZone
  }

  /// The symbol of `payload`: its text is `payload`, it has no human-readable text.
  ///
  /// - Throws: ``BarcodeError`` with ``BarcodeError/Reason/empty`` for an empty payload;
  ///   ``BarcodeError/Reason/tooLong(maximum:actual:)`` when version 40 cannot hold it at
  ///   the level asked for, both counts in **data codewords** (the 8-bit bytes of the
  ///   encoded bit stream, mode and count headers included; the maximum is 2,956 at L and
  ///   1,276 at H), not in characters; ``BarcodeError/Reason/invalidOption(_:)`` for an
  ///   option out of its range.
  public func encode(_ payload: String) throws(BarcodeError) -> BarcodeSymbol {
    try validateOptions()
    guard !payload.isEmpty else { throw BarcodeError(.qr, .empty) }
    let (bytes, eci) = Self.encodedText(payload)
    let plan = try QRPlan.make(
      bytes, eci: eci, bytesOnly: false, level: errorCorrection, minimumVersion: minimumVersion,
      boost: boostErrorCorrection)
    return symbol(of: bytes, plan: plan, text: payload)
  }

  /// The symbol of binary `bytes`, drawn as one byte-mode segment without ECI designator.
  ///
  /// Its ``BarcodeSymbol/text`` is the bytes read as ISO-8859-1, one character per byte,
  /// as the standard tells a scanner to read byte mode: the bytes can be recovered from it
  /// exactly.
  ///
  /// - Throws: as ``encode(_:)``; the counts of ``BarcodeError/Reason/tooLong(maximum:actual:)``
  ///   are data codewords, of which the bytes take all but 3 (2,953 bytes at most, at L).
  public func encode(bytes: [UInt8]) throws(BarcodeError) -> BarcodeSymbol {
    try validateOptions()
    guard !bytes.isEmpty else { throw BarcodeError(.qr, .empty) }
    let plan = try QRPlan.make(
      bytes, eci: nil, bytesOnly: true, level: errorCorrection, minimumVersion: minimumVersion,
      boost: boostErrorCorrection)
    return symbol(of: bytes, plan: plan, text: Self.latin1Text(bytes))
  }

  /// The version (1 to 40) of a QR symbol, read from its size; `nil` for another
  /// symbology.
  public static func version(of symbol: BarcodeSymbol) -> Int? {
    guard let side = side(of: symbol), (side - 17) % 4 == 0 else { return nil }
    let version = (side - 17) / 4
    return (1...40).contains(version) ? version : nil
  }

  /// The error-correction level a QR symbol is drawn at, read from its format
  /// information (useful with ``boostErrorCorrection``); `nil` for another symbology.
  public static func errorCorrection(of symbol: BarcodeSymbol) -> ErrorCorrection? {
    formatInformation(of: symbol)?.level
  }

  /// The level and mask of a QR symbol, read from its format information.
  static func formatInformation(of symbol: BarcodeSymbol) -> (
    level: ErrorCorrection, mask: Int
  )? {
    guard version(of: symbol) != nil, let side = side(of: symbol) else { return nil }
    let matrix = symbol.matrix
    let (left, top) = (matrix.quietZone.left, matrix.quietZone.top)
    return QRFormatInformation.read({ matrix[$0 + left, $1 + top] }, size: side)
  }

  /// The side of a QR symbol without its quiet zone.
  private static func side(of symbol: BarcodeSymbol) -> Int? {
    guard symbol.symbology == .qr else { return nil }
    let matrix = symbol.matrix
    let width = matrix.width - matrix.quietZone.left - matrix.quietZone.right
    let height = matrix.height - matrix.quietZone.top - matrix.quietZone.bottom
    return width == height ? width : nil
  }

  /// Throws for an option out of its range.
  private func validateOptions() throws(BarcodeError) {
    guard (1...40).contains(minimumVersion) else {
      throw BarcodeError(.qr, .invalidOption("minimum version \(minimumVersion) outside 1...40"))
    }
    if let mask, !(0..<QRMaskPattern.count).contains(mask) {
      throw BarcodeError(.qr, .invalidOption("mask \(mask) outside 0...7"))
    }
    guard (0...Self.maximumQuietZone).contains(quietZone) else {
      throw BarcodeError(
        .qr, .invalidOption("quiet zone \(quietZone) outside 0...\(Self.maximumQuietZone)"))
    }
  }

  /// The symbol drawn from a plan.
  private func symbol(of bytes: [UInt8], plan: QRPlan, text: String) -> BarcodeSymbol {
    let matrix = QRSymbolBuilder.matrix(
      data: plan.dataCodewords(of: bytes), version: plan.version, level: plan.level,
      mask: mask, quietZone: quietZone)
    return BarcodeSymbol(symbology: .qr, text: text, matrix: matrix, humanReadable: nil)
  }

  /// `bytes` read as ISO-8859-1: each byte the character of the same code point.
  static func latin1Text(_ bytes: [UInt8]) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      if byte < 0x80 {
        utf8.append(byte)
      } else {
        utf8.append(0xC0 | byte >> 6)
        utf8.append(0x80 | byte & 0x3F)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The bytes of `text` and the ECI designator to draw before them: ASCII as it is,
  /// without designator; other text in ISO-8859-1 with designator 3 when every character
  /// is in it, else UTF-8 with designator 26.
  static func encodedText(_ text: String) -> (bytes: [UInt8], eci: UInt8?) {
    let utf8 = Array(text.utf8)
    // ASCII is the same in every character set a scanner may guess.
    guard utf8.contains(where: { $0 >= 0x80 }) else { return (utf8, nil) }
    var latin1: [UInt8] = []
    latin1.reserveCapacity(utf8.count)
    for scalar in text.unicodeScalars {
      guard scalar.value <= 0xFF else { return (utf8, QRPlan.utf8Designator) }
      latin1.append(UInt8(truncatingIfNeeded: scalar.value))
    }
    return (latin1, QRPlan.latin1Designator)
  }
}
