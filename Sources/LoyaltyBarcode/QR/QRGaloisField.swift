/// Arithmetic in GF(256) with the QR Code's field polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D),
/// through exponent and logarithm tables.
///
/// The exponent table is long enough that `exponent[log(a) + log(b)]` needs no modulo, and
/// zero has a logarithm of its own (``logOfZero``) that points into a run of zeros: a
/// product with zero is then zero without a branch.
enum QRGaloisField {
  /// The logarithm standing for zero: any sum with another logarithm indexes a zero.
  static let logOfZero = 512

  /// αⁱ for i in 0..<510 (the period 255, twice), then zeros up to 1,024 (the sum of two logarithms of zero).
  static let exponent: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 1025)
    var value = 1
    for power in 0..<510 {
      table[power] = UInt8(truncatingIfNeeded: value)
      value <<= 1
      if value & 0x100 != 0 { value ^= 0x11D }
    }
    return table
  }()

  /// The logarithm of each byte: log(αⁱ) = i, and ``logOfZero`` for 0.
  static let logarithm: [Int] = {
    var table = [Int](repeating: logOfZero, count: 256)
    for power in 0..<255 {
      table[Int(exponent[power])] = power
    }
    return table
  }()

  /// The product of two field elements.
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    exponent[logarithm[Int(a)] + logarithm[Int(b)]]
  }
}
