/// What a payload is drawn as: the version, the level, the segments and the ECI
/// designator; the smallest version that fits, from the encoder's options.
struct QRPlan: Sendable {
  /// The version, 1 to 40.
  var version: Int
  /// The error-correction level drawn.
  var level: QREncoder.ErrorCorrection
  /// The payload's segments and their bits, for the version's group.
  var segmentation: QRSegmentation
  /// The ECI designator before the segments, or `nil` for none.
  var eci: UInt8?

  /// The ECI designator of UTF-8.
  static let utf8Designator: UInt8 = 26
  /// The ECI designator of ISO-8859-1.
  static let latin1Designator: UInt8 = 3

  /// Chooses the smallest version at or above `minimumVersion` that holds `payload` at
  /// `level`, then, if `boost`, the highest level that still fits that version.
  ///
  /// - Parameters:
  ///   - payload: the bytes to draw (ISO-8859-1 or UTF-8 text as `eci` says, or binary).
  ///   - eci: the ECI designator to draw before them, or `nil`.
  ///   - bytesOnly: one byte segment, without looking for digits or letters.
  /// - Throws: ``BarcodeError/Reason/tooLong(maximum:actual:)`` when version 40 cannot
  ///   hold it, in data codewords.
  static func make(
    _ payload: [UInt8], eci: UInt8?, bytesOnly: Bool, level: QREncoder.ErrorCorrection,
    minimumVersion: Int, boost: Bool
  ) throws(BarcodeError) -> QRPlan {
    // No symbol holds more than 7,089 characters (digits, at 40-L): a longer payload is
    // only measured, in constant memory, for the error.
    guard bytesOnly || payload.count <= maximumCharacters else {
      let needed = QRSegmentation.bitCount(of: payload, group: 2, eci: eci != nil)
      throw tooLong(needed: needed, level: level)
    }
    // The cut depends on the version's group only: each group's is found once, when a
    // version of it is first tried.
    var groups: [QRSegmentation?] = [nil, nil, nil]
    func segmentation(_ group: Int) -> QRSegmentation {
      if let known = groups[group] { return known }
      let found =
        bytesOnly
        ? QRSegmentation.bytes(count: payload.count, group: group, eci: eci != nil)
        : QRSegmentation.optimal(payload, group: group, eci: eci != nil)
      groups[group] = found
      return found
    }
    for version in minimumVersion...40 {
      let found = segmentation(QRMode.versionGroup(version))
      guard found.bitCount <= QRTables.dataCodewords(version: version, level: level) * 8 else {
        continue
      }
      var drawn = level
      if boost {
        for higher in QREncoder.ErrorCorrection.allCases where higher > level {
          if found.bitCount <= QRTables.dataCodewords(version: version, level: higher) * 8 {
            drawn = higher
          }
        }
      }
      return QRPlan(version: version, level: drawn, segmentation: found, eci: eci)
    }
    throw tooLong(needed: segmentation(2).bitCount, level: level)
  }

  /// The most characters a symbol holds: digits, in version 40-L.
  static let maximumCharacters = 7_089

  /// The error for a payload of `needed` bits at `level`, in data codewords.
  private static func tooLong(needed: Int, level: QREncoder.ErrorCorrection) -> BarcodeError {
    BarcodeError(
      .qr,
      .tooLong(
        maximum: QRTables.dataCodewords(version: 40, level: level), actual: (needed + 7) / 8))
  }

  /// The data codewords: the segments' bits, the terminator and the padding.
  func dataCodewords(of payload: [UInt8]) -> [UInt8] {
    let count = QRTables.dataCodewords(version: version, level: level)
    var writer = QRBitWriter(capacity: count)
    writer.append(
      segmentation.segments, of: payload, eci: eci, group: QRMode.versionGroup(version))
    return writer.finish(dataCodewords: count)
  }
}
