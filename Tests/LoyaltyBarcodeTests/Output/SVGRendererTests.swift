import Foundation
import Testing

@testable import LoyaltyBarcode

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The elements of an XML document, read by Foundation's parser.
final class XMLElements: NSObject, XMLParserDelegate {
  /// One element: its name, attributes and text.
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  private(set) var elements: [Element] = []
  private var open: [Int] = []

  /// The elements of `xml` in document order, or `nil` when it is not well-formed.
  static func parse(_ xml: String) -> [Element]? {
    let parser = XMLParser(data: Data(xml.utf8))
    let reader = XMLElements()
    parser.delegate = reader
    return parser.parse() ? reader.elements : nil
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    open.append(elements.count)
    elements.append(Element(name: elementName, attributes: attributes))
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard let index = open.last else { return }
    elements[index].text += string
  }
}

/// The SVG renderer: a well-formed document, one rectangle per run, colours, text.
@Suite("SVG renderer")
struct SVGRendererTests {
  /// The rectangles of a path's data, `M x y h w v h h -w z` each, as integers.
  func rectangles(_ path: String) -> [(x: Int, y: Int, width: Int, height: Int)] {
    path.split(separator: "M").compactMap { segment in
      let numbers = segment.split(whereSeparator: { " hvz".contains($0) }).compactMap {
        Int($0)
      }
      guard numbers.count == 5, numbers[4] == -numbers[2] else { return nil }
      return (numbers[0], numbers[1], numbers[2], numbers[3])
    }
  }

  @Test("a linear code: one rectangle per bar, the viewBox in modules, crisp edges")
  func linear() throws {
    let symbol = try EAN13Encoder().encode("5901234123457")
    let svg = try SVGRenderer(moduleSize: 3).render(symbol)
    let elements = try #require(XMLElements.parse(svg))
    #expect(elements.map(\.name) == ["svg", "rect", "path"])
    let root = elements[0].attributes
    #expect(root["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root["viewBox"] == "0 0 113 69")
    #expect(root["width"] == "339")
    #expect(root["height"] == "207")
    #expect(root["shape-rendering"] == "crispEdges")
    #expect(elements[1].attributes["fill"] == "#FFFFFF")
    let path = try #require(elements[2].attributes["d"])
    let bars = rectangles(path)
    // 12 digits of two bars each, and two bars in each of the three guards.
    #expect(bars.count == 30)
    #expect(path.split(separator: "M").count == 30)
    #expect(bars.allSatisfy { $0.y == 0 && $0.height == 69 })
    #expect(bars.map(\.width).reduce(0, +) == linearModules(symbol).filter { $0 == "1" }.count)
    #expect(bars.first?.x == 11)
  }

  @Test("a matrix: one rectangle per run in each row, equal rows merged")
  func matrix() throws {
    var matrix = BarcodeMatrix(width: 5, height: 4, quietZone: .uniform(0))
    // Rows 0 and 1: ## .#.  (two runs, merged over two rows); row 2: #####; row 3: none.
    for (x, y) in [(0, 0), (1, 0), (3, 0), (0, 1), (1, 1), (3, 1)] {
      matrix.set(x: x, y: y, dark: true)
    }
    for x in 0..<5 { matrix.set(x: x, y: 2, dark: true) }
    let svg = try SVGRenderer(moduleSize: 1, background: nil).render(matrix)
    let elements = try #require(XMLElements.parse(svg))
    #expect(elements.map(\.name) == ["svg", "path"])
    let bars = try rectangles(#require(elements[1].attributes["d"]))
    #expect(
      bars.map { [$0.x, $0.y, $0.width, $0.height] } == [
        [0, 0, 2, 2], [3, 0, 1, 2], [0, 2, 5, 1],
      ])
  }

  @Test("the rectangles cover exactly the dark modules", arguments: [1, 2, 3])
  func coverage(seed: Int) throws {
    // A pseudo-random matrix, with runs of every length and rows alike and unlike.
    var matrix = BarcodeMatrix(width: 29, height: 23, quietZone: .uniform(2))
    var state = UInt32(seed)
    for y in 2..<21 {
      for x in 2..<27 {
        state = state &* 1_103_515_245 &+ 12_345
        matrix.set(x: x, y: y, dark: (state >> 16) & 3 != 0)
      }
    }
    let svg = try SVGRenderer().render(matrix)
    let path = try #require(XMLElements.parse(svg)?.first { $0.name == "path" })
    var covered = [[Int]](repeating: [Int](repeating: 0, count: 29), count: 23)
    for bar in rectangles(try #require(path.attributes["d"])) {
      for y in bar.y..<(bar.y + bar.height) {
        for x in bar.x..<(bar.x + bar.width) { covered[y][x] += 1 }
      }
    }
    for y in 0..<23 {
      for x in 0..<29 {
        #expect(covered[y][x] == (matrix[x, y] ? 1 : 0), "module \(x), \(y)")
      }
    }
  }

  @Test("a matrix without a dark module has no path")
  func blank() throws {
    let matrix = BarcodeMatrix(width: 3, height: 3, quietZone: .uniform(1))
    let elements = try #require(XMLElements.parse(try SVGRenderer().render(matrix)))
    #expect(elements.map(\.name) == ["svg", "rect"])
  }

  @Test("colours: #RGB and #RRGGBB, or an error", arguments: ["#abc", "#A0B1C2", "#000"])
  func validColours(colour: String) throws {
    let svg = try SVGRenderer(foreground: colour, background: colour).render(
      EAN8Encoder().encode("9638507"))
    #expect(svg.contains("fill=\"\(colour)\""))
  }

  @Test(
    "colours that are not hex",
    arguments: ["red", "#12345", "#1234567", "#GGG", "", "#", "abc", "#abc\"/><script>", "#ａｂｃ"])
  func invalidColours(colour: String) throws {
    let symbol = try EAN8Encoder().encode("9638507")
    #expect(throws: BarcodeError.self) { try SVGRenderer(foreground: colour).render(symbol) }
    #expect(throws: BarcodeError.self) { try SVGRenderer(background: colour).render(symbol) }
  }

  @Test("module sizes outside 1...100", arguments: [0, 101])
  func moduleSizes(moduleSize: Int) throws {
    let symbol = try EAN8Encoder().encode("9638507")
    #expect(throws: BarcodeError.self) { try SVGRenderer(moduleSize: moduleSize).render(symbol) }
  }

  @Test("EAN-13's digits: the first in the quiet zone, six under each half; longer guards")
  func ean13Text() throws {
    let symbol = try EAN13Encoder().encode("5901234123457")
    let svg = try SVGRenderer(showsHumanReadable: true).render(symbol)
    let elements = try #require(XMLElements.parse(svg))
    let texts = elements.filter { $0.name == "text" }
    #expect(texts.map(\.text) == ["5", "901234", "123457"])
    #expect(texts[0].attributes["x"] == "7")
    #expect(texts[1].attributes["x"] == "17.5 24.5 31.5 38.5 45.5 52.5")
    #expect(elements[0].attributes["viewBox"] == "0 0 113 78")
    let bars = rectangles(try #require(elements.first { $0.name == "path" }?.attributes["d"]))
    // The guards' six bars reach five modules lower.
    #expect(bars.filter { $0.height == 74 }.count == 6)
    #expect(bars.filter { $0.height == 69 }.count == 24)
  }

  @Test("UPC-A's first and last digits beside the bars, EAN-8's in two groups")
  func otherText() throws {
    let upc = try SVGRenderer(showsHumanReadable: true).render(
      UPCAEncoder().encode("036000291452"))
    let upcTexts = try #require(XMLElements.parse(upc)).filter { $0.name == "text" }
    #expect(upcTexts.map(\.text) == ["0", "36000", "29145", "2"])
    let ean8 = try SVGRenderer(showsHumanReadable: true).render(EAN8Encoder().encode("9638507"))
    let ean8Texts = try #require(XMLElements.parse(ean8)).filter { $0.name == "text" }
    #expect(ean8Texts.map(\.text) == ["9638", "5074"])
  }

  @Test("GS1-128's element string centred and escaped; Code 128 has no text")
  func escapedText() throws {
    let symbol = try GS1128Encoder().encode("(10)<&>'\"")
    let svg = try SVGRenderer(showsHumanReadable: true).render(symbol)
    #expect(svg.contains("(10)&lt;&amp;&gt;&apos;&quot;</text>"))
    let texts = try #require(XMLElements.parse(svg)).filter { $0.name == "text" }
    #expect(texts.map(\.text) == ["(10)<&>'\""])
    let code128 = try SVGRenderer(showsHumanReadable: true).render(
      Code128Encoder().encode("a<b"))
    #expect(!code128.contains("<text"))
    #expect(SVGRenderer.escaped("a\u{1}b\u{1D}\tc") == "a\u{FFFD}b\u{FFFD}\tc")
  }
}
