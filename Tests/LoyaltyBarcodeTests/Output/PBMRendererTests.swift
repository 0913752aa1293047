import Testing

@testable import LoyaltyBarcode

/// The PBM renderer: its header and one bit per module.
@Suite("PBM renderer")
struct PBMRendererTests {
  @Test("P4 header, then each row's bits, 1 dark, padded to a byte with 0")
  func headerAndBits() throws {
    let symbol = try EAN8Encoder(height: 2).encode("9638507")
    let matrix = symbol.matrix
    let bytes = PBMRenderer().render(symbol)
    let header = Array("P4\n\(matrix.width) \(matrix.height)\n".utf8)
    #expect(bytes.starts(with: header))
    let rowBytes = (matrix.width + 7) / 8
    #expect(bytes.count == header.count + rowBytes * matrix.height)
    let bits = bytes[header.count...]
    for y in 0..<matrix.height {
      for x in 0..<(rowBytes * 8) {
        let byte = bits[bits.startIndex + y * rowBytes + x / 8]
        let set = byte & (0x80 >> UInt8(x % 8)) != 0
        #expect(set == (x < matrix.width && matrix[x, y]), "bit \(x), \(y)")
      }
    }
  }

  @Test("a matrix of one module")
  func smallest() {
    var matrix = BarcodeMatrix(width: 1, height: 1, quietZone: .uniform(0))
    #expect(PBMRenderer().render(matrix) == Array("P4\n1 1\n".utf8) + [0x00])
    matrix.set(x: 0, y: 0, dark: true)
    #expect(PBMRenderer().render(matrix) == Array("P4\n1 1\n".utf8) + [0x80])
  }
}
