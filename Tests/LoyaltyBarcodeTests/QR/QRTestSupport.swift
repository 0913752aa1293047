@testable import LoyaltyBarcode

/// What the QR tests share: reading a symbol's modules back.
enum QRTestSupport {
  /// The symbol's modules without quiet zone, row by row, 0 or 1 each.
  static func modules(_ symbol: BarcodeSymbol) -> [UInt8] {
    let matrix = symbol.matrix
    let (left, top) = (matrix.quietZone.left, matrix.quietZone.top)
    let size = matrix.width - left - matrix.quietZone.right
    var modules: [UInt8] = []
    for y in 0..<size {
      for x in 0..<size { modules.append(matrix[x + left, y + top] ? 1 : 0) }
    }
    return modules
  }

  /// The rows of the symbol without quiet zone, `#` dark and `.` light.
  static func rows(_ symbol: BarcodeSymbol) -> [String] {
    let modules = modules(symbol)
    let size = Int(Double(modules.count).squareRoot())
    return (0..<size).map { y in
      String(modules[(y * size)..<((y + 1) * size)].map { $0 == 1 ? "#" : "." })
    }
  }

  /// FNV-1a (64-bit) of the modules without quiet zone, one byte (0 or 1) per module, row
  /// by row: a short fingerprint of a whole matrix.
  static func fingerprint(_ symbol: BarcodeSymbol) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for module in modules(symbol) {
      hash ^= UInt64(module)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The mask a symbol is drawn with, read from its format information.
  static func mask(_ symbol: BarcodeSymbol) -> Int? {
    QREncoder.formatInformation(of: symbol)?.mask
  }
}
