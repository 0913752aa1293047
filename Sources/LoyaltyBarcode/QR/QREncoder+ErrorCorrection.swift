extension QREncoder {
  /// How much of a QR code may be damaged or hidden and still be read: the error-correction
  /// level, drawn into the symbol's format information.
  ///
  /// A higher level adds error-correction codewords, so the same payload needs a larger
  /// symbol. The cases are in increasing order of protection.
  public enum ErrorCorrection: Sendable, Hashable, CaseIterable, Comparable,
    CustomStringConvertible
  {
    /// Level L: about 7 % of the codewords may be restored.
    case low
    /// Level M: about 15 % of the codewords may be restored; the usual choice for printed
    /// coupons.
    case medium
    /// Level Q: about 25 % of the codewords may be restored.
    case quartile
    /// Level H: about 30 % of the codewords may be restored.
    case high

    /// The level's letter in the standard: `L`, `M`, `Q` or `H`.
    public var description: String {
      switch self {
      case .low: "L"
      case .medium: "M"
      case .quartile: "Q"
      case .high: "H"
      }
    }

    /// The level's row in the standard's tables (L, M, Q, H).
    var tableIndex: Int {
      switch self {
      case .low: 0
      case .medium: 1
      case .quartile: 2
      case .high: 3
      }
    }

    /// The level's two bits in the format information (L 01, M 00, Q 11, H 10).
    var formatBits: Int {
      switch self {
      case .low: 1
      case .medium: 0
      case .quartile: 3
      case .high: 2
      }
    }

    /// The level whose format bits are `bits` (the low two are read).
    init(formatBits bits: Int) {
      switch bits & 3 {
      case 1: self = .low
      case 0: self = .medium
      case 3: self = .quartile
      default: self = .high
      }
    }
  }
}
