/// Reed-Solomon error correction over GF(256), as QR Code uses it: the error-correction
/// codewords of a block are the remainder of the block's data, as a polynomial times xⁿ,
/// divided by the generator polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹).
enum QRReedSolomon {
  /// The most error-correction codewords a QR block has.
  static let maximumDegree = 30

  /// The generator polynomial of each degree 0...30 as logarithms of its coefficients,
  /// highest power first and without the leading 1 (the polynomial is monic).
  ///
  /// Computed once, on first use, for every degree: 465 coefficients.
  static let generatorLogarithms: [[Int]] = (0...maximumDegree).map { degree in
    generator(degree: degree).map { QRGaloisField.logarithm[Int($0)] }
  }

  /// The coefficients of the generator polynomial of `degree`, highest power first,
  /// without the leading 1.
  static func generator(degree: Int) -> [UInt8] {
    // Multiply (x - α⁰)…(x - α^(degree-1)) out, lowest power last; subtraction is XOR.
    var coefficients = [UInt8](repeating: 0, count: degree)
    guard degree > 0 else { return coefficients }
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        coefficients[index] = QRGaloisField.multiply(coefficients[index], root)
        if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
      }
      root = QRGaloisField.multiply(root, 2)
    }
    return coefficients
  }

  /// Writes the `degree` error-correction codewords of `data` to `output`.
  ///
  /// - Parameters:
  ///   - data: the block's data codewords.
  ///   - degree: the number of error-correction codewords, 1 to ``maximumDegree``.
  ///   - output: where they go, at least `degree` long; its first `degree` bytes are
  ///     overwritten.
  static func remainder(
    of data: UnsafeBufferPointer<UInt8>, degree: Int, into output: UnsafeMutableBufferPointer<UInt8>
  ) {
    let generator = generatorLogarithms[degree]
    let last = degree - 1
    for index in 0..<degree { output[index] = 0 }
    QRGaloisField.exponent.withUnsafeBufferPointer { exponent in
      QRGaloisField.logarithm.withUnsafeBufferPointer { logarithm in
        generator.withUnsafeBufferPointer { generator in
          for byte in data {
            // Shift the remainder by one place while adding factor × generator: a factor
            // of zero has the logarithm of zero, and every product is then zero.
            let factor = logarithm[Int(byte ^ output[0])]
            for index in 0..<last {
              output[index] = output[index + 1] ^ exponent[factor + generator[index]]
            }
            output[last] = exponent[factor + generator[last]]
          }
        }
      }
    }
  }
}
