/// A QR Code encoding mode: how a segment's characters become bits.
///
/// Kanji mode is not drawn: text outside Latin-1 goes in byte mode as UTF-8.
enum QRMode: UInt32, Sendable {
  /// Digits 0-9: three in 10 bits.
  case numeric = 0b0001
  /// Digits, A-Z, space and `$%*+-./:`: two in 11 bits.
  case alphanumeric = 0b0010
  /// Any byte: 8 bits each.
  case byte = 0b0100

  /// The mode indicator of the ECI designator that may precede the segments.
  static let eciIndicator: UInt32 = 0b0111

  /// The bits of the character count after the mode indicator, by version group
  /// (``versionGroup(_:)``).
  func countBits(group: Int) -> Int {
    switch self {
    case .numeric: 10 + 2 * group
    case .alphanumeric: 9 + 2 * group
    case .byte: group == 0 ? 8 : 16
    }
  }

  /// The most characters one segment may count in a version group.
  func maximumCount(group: Int) -> Int { (1 << countBits(group: group)) - 1 }

  /// The group of versions sharing character count widths: 0 for 1-9, 1 for 10-26, 2 for
  /// 27-40.
  static func versionGroup(_ version: Int) -> Int {
    version <= 9 ? 0 : version <= 26 ? 1 : 2
  }

  /// The smallest version of each group.
  static let groupFirstVersion = [1, 10, 27]

  /// The value of each byte in alphanumeric mode (0-44), or `0xFF` for a byte the mode
  /// cannot hold; digits have their value in both numeric and alphanumeric mode.
  static let alphanumericValues: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (value, byte) in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8.enumerated() {
      table[Int(byte)] = UInt8(value)
    }
    return table
  }()
}
