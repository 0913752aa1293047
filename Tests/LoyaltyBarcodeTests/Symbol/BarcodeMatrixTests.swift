import Testing

@testable import LoyaltyBarcode

@Suite("Barcode matrix")
struct BarcodeMatrixTests {
  @Test("a module outside the matrix is light, even where the next row's first one is dark")
  func outside() {
    // Every module dark: whatever is read outside comes from the bounds, not the storage.
    var matrix = BarcodeMatrix(width: 3, height: 2, quietZone: .uniform(0))
    for y in 0..<2 {
      for x in 0..<3 { matrix.set(x: x, y: y, dark: true) }
    }
    #expect(matrix[2, 1])
    #expect(matrix[0, 0])
    // One past each edge, and before the first.
    #expect(!matrix[3, 0])
    #expect(!matrix[0, 2])
    #expect(!matrix[-1, 0])
    #expect(!matrix[0, -1])
  }
}
