import Testing

@testable import LoyaltyBarcode

/// The terminal renderer: half blocks, two rows per line, inverted, with or without quiet
/// zone.
@Suite("Text renderer")
struct TextRendererTests {
  /// A matrix of `rows` ("#" dark, anything else light) with `quiet` modules of quiet zone
  /// around them.
  func matrix(_ rows: [String], quiet: Int = 0) -> BarcodeMatrix {
    let width = (rows.first?.count ?? 0) + 2 * quiet
    var matrix = BarcodeMatrix(
      width: width, height: rows.count + 2 * quiet, quietZone: .uniform(quiet))
    for (y, row) in rows.enumerated() {
      for (x, module) in row.enumerated() where module == "#" {
        matrix.set(x: x + quiet, y: y + quiet, dark: true)
      }
    }
    return matrix
  }

  @Test("a 2x2 checker: the upper half of one column, the lower of the other")
  func checker() {
    let checker = matrix(["#.", ".#"])
    #expect(TextRenderer().render(checker) == "▀▄")
    #expect(TextRenderer(inverted: true).render(checker) == "▄▀")
    #expect(TextRenderer().render(matrix(["##", "##"])) == "██")
    #expect(TextRenderer(inverted: true).render(matrix(["##", "##"])) == "  ")
  }

  @Test("an odd number of rows leaves the last line's lower half blank")
  func oddRows() {
    let three = matrix(["#.", ".#", "##"])
    #expect(TextRenderer().render(three) == "▀▄\n▀▀")
    #expect(TextRenderer(inverted: true).render(three) == "▄▀\n  ")
  }

  @Test("the quiet zone is kept by default, and can be left out")
  func quietZone() {
    let checker = matrix(["#.", ".#"], quiet: 1)
    #expect(TextRenderer().render(checker) == " ▄  \n  ▀ ")
    #expect(TextRenderer(inverted: true).render(checker) == "█▀██\n██▄█")
    #expect(TextRenderer(includesQuietZone: false).render(checker) == "▀▄")
  }

  @Test("an EAN-13: one character per module, two rows per line")
  func ean13() throws {
    let symbol = try EAN13Encoder().encode("5901234123457")
    let lines = TextRenderer().render(symbol).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 35)
    #expect(lines.allSatisfy { $0.count == 113 })
    #expect(lines[0].hasPrefix(String(repeating: " ", count: 11) + "█ █"))
    #expect(lines[34].allSatisfy { $0 == " " || $0 == "▀" })
    let bare = TextRenderer(includesQuietZone: false).render(symbol)
    #expect(bare.split(separator: "\n").allSatisfy { $0.count == 95 })
  }
}
