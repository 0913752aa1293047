/// Draws a symbol as SVG: a scalable image with crisp edges, for web pages and print.
///
/// The image's `viewBox` counts modules, so every edge lies on an integer coordinate, and
/// `shape-rendering="crispEdges"` keeps a viewer from blurring them; its `width` and
/// `height` are the modules times ``moduleSize``. The dark modules are one `path`, with one
/// rectangle per run of dark modules in a row (rows alike one after another share their
/// rectangles), so a linear code has one rectangle per bar and a QR code a few hundred,
/// not one per module.
///
/// With ``showsHumanReadable``, the symbol's ``BarcodeSymbol/humanReadable`` text is
/// written under the bars: for EAN-13, EAN-8 and UPC-A in the standard's layout (the digits
/// under the halves they encode, the first and last digits of UPC-A and the first of EAN-13
/// in the quiet zones, the guard bars longer than the others), for another symbology
/// centred.
public struct SVGRenderer: Sendable, Hashable {
  /// User units (pixels, for a browser) per module, from 1 to 100.
  public var moduleSize: Int
  /// The colour of dark modules and text, `#RGB` or `#RRGGBB`.
  public var foreground: String
  /// The colour of light modules, `#RGB` or `#RRGGBB`, or `nil` for none (transparent).
  public var background: String?
  /// Whether the human-readable text is written under the bars, where the symbol has one.
  public var showsHumanReadable: Bool

  /// The modules added under the symbol for its human-readable text.
  static let textBand = 9
  /// The modules the guard bars of EAN and UPC reach below the other bars, with text.
  static let guardExtension = 5

  /// Creates a renderer.
  /// - Parameters:
  ///   - moduleSize: user units per module, from 1 to 100; 4 by default.
  ///   - foreground: the colour of dark modules, `#RGB` or `#RRGGBB`; black by default.
  ///   - background: the colour of light modules, or `nil` for none; white by default.
  ///   - showsHumanReadable: whether to write the human-readable text under the bars;
  ///     `false` by default.
  public init(
    moduleSize: Int = 4, foreground: String = "#000000", background: String? = "#FFFFFF",
    showsHumanReadable: Bool = false
  ) {
    self.moduleSize = moduleSize
    self.foreground = foreground
    self.background = background
    self.showsHumanReadable = showsHumanReadable
  }

  /// The SVG document of `symbol`.
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/invalidOption(_:)``) for a module
  ///   size outside 1...100 or a colour that is not `#RGB` or `#RRGGBB`.
  public func render(_ symbol: BarcodeSymbol) throws(BarcodeError) -> String {
    let text = showsHumanReadable ? symbol.humanReadable.flatMap { $0.isEmpty ? nil : $0 } : nil
    return try render(symbol.matrix, symbology: symbol.symbology, humanReadable: text)
  }

  /// The SVG document of `matrix`, without text.
  /// - Throws: as ``render(_:)-(BarcodeSymbol)``.
  public func render(_ matrix: BarcodeMatrix) throws(BarcodeError) -> String {
    try render(matrix, symbology: nil, humanReadable: nil)
  }

  private func render(_ matrix: BarcodeMatrix, symbology: Symbology?, humanReadable: String?)
    throws(BarcodeError) -> String
  {
    guard (1...100).contains(moduleSize) else {
      throw BarcodeError(symbology, .invalidOption("module size \(moduleSize) outside 1...100"))
    }
    let ink = try Self.validated(colour: foreground, name: "foreground", symbology: symbology)
    let paper = try background.map { (colour) throws(BarcodeError) -> String in
      try Self.validated(colour: colour, name: "background", symbology: symbology)
    }
    let layout = humanReadable.map { Self.textLayout($0, symbology: symbology, matrix: matrix) }
    let height = matrix.height + (layout == nil ? 0 : Self.textBand)
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
    svg.reserveCapacity(1024)
    svg += " width=\"\(matrix.width * moduleSize)\" height=\"\(height * moduleSize)\""
    svg += " viewBox=\"0 0 \(matrix.width) \(height)\" shape-rendering=\"crispEdges\">"
    if let paper {
      svg += "<rect width=\"\(matrix.width)\" height=\"\(height)\" fill=\"\(paper)\"/>"
    }
    let path = Self.path(matrix, guards: layout?.guards ?? [])
    if !path.isEmpty {
      svg += "<path fill=\"\(ink)\" d=\"\(path)\"/>"
    }
    if let layout {
      let baseline = matrix.height + Self.textBand - 1
      for run in layout.runs {
        let xs = run.positions.map(Self.number).joined(separator: " ")
        svg += "<text x=\"\(xs)\" y=\"\(baseline)\" font-family=\"monospace\""
        svg += " font-size=\"\(run.fontSize)\" text-anchor=\"middle\" fill=\"\(ink)\">"
        svg += Self.escaped(run.text) + "</text>"
      }
    }
    svg += "</svg>"
    return svg
  }

  /// The path data of the dark modules: for each band of equal rows, one closed rectangle
  /// per run, `M x y h w v h h -w z`. A run whose start is in `guards` (columns) and whose
  /// band reaches the bars' bottom is drawn ``guardExtension`` modules longer.
  static func path(_ matrix: BarcodeMatrix, guards: [Range<Int>]) -> String {
    var data = ""
    let barsBottom = matrix.height - matrix.quietZone.bottom
    var top = 0
    var runs = Self.runs(matrix, row: 0)
    while top < matrix.height {
      var bottom = top + 1
      var next: [Range<Int>] = []
      while bottom < matrix.height {
        next = Self.runs(matrix, row: bottom)
        guard next == runs else { break }
        bottom += 1
      }
      for run in runs {
        var rows = bottom - top
        if bottom == barsBottom, guards.contains(where: { $0.contains(run.lowerBound) }) {
          rows += guardExtension
        }
        data += "M\(run.lowerBound) \(top)h\(run.count)v\(rows)h-\(run.count)z"
      }
      top = bottom
      runs = next
    }
    return data
  }

  /// The runs of dark modules of row `y`, as column ranges.
  static func runs(_ matrix: BarcodeMatrix, row y: Int) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var x = 0
    while x < matrix.width {
      guard matrix[x, y] else {
        x += 1
        continue
      }
      let start = x
      while x < matrix.width, matrix[x, y] { x += 1 }
      runs.append(start..<x)
    }
    return runs
  }

  /// Text placed under the bars: the characters of `text`, each centred on its position.
  struct TextRun {
    /// The characters.
    var text: String
    /// The centre of each character, in modules; one position for centred text.
    var positions: [Double]
    /// The font size, in modules.
    var fontSize: Int
  }

  /// Where the human-readable text goes, and which bars are guard bars.
  struct TextLayout {
    /// The text.
    var runs: [TextRun]
    /// The columns whose bars reach below the others.
    var guards: [Range<Int>]
  }

  /// The standard layout of EAN and UPC digits, or `text` centred under another symbol.
  static func textLayout(_ text: String, symbology: Symbology?, matrix: BarcodeMatrix)
    -> TextLayout
  {
    let left = matrix.quietZone.left
    let digits = text.filter(\.isNumber)
    /// A run of digits, the first centred `offset` modules after the start guard.
    func digitRun(_ range: Range<Int>, from offset: Int, size: Int = 8) -> TextRun {
      let run = digits.dropFirst(range.lowerBound).prefix(range.count)
      let positions = (0..<run.count).map { Double(left + offset + 7 * $0) + 3.5 }
      return TextRun(text: String(run), positions: positions, fontSize: size)
    }
    /// A guard of `width` modules, `offset` modules after the start guard's first bar.
    func guardRange(_ offset: Int, _ width: Int) -> Range<Int> {
      (left + offset)..<(left + offset + width)
    }
    switch (symbology, digits.count) {
    case (.ean13, 13):
      let first = TextRun(
        text: String(digits.prefix(1)), positions: [Double(left) - 4], fontSize: 8)
      return TextLayout(
        runs: [first, digitRun(1..<7, from: 3), digitRun(7..<13, from: 50)],
        guards: [guardRange(0, 3), guardRange(45, 5), guardRange(92, 3)])
    case (.ean8, 8):
      return TextLayout(
        runs: [digitRun(0..<4, from: 3), digitRun(4..<8, from: 36)],
        guards: [guardRange(0, 3), guardRange(31, 5), guardRange(64, 3)])
    case (.upcA, 12):
      let first = TextRun(
        text: String(digits.prefix(1)), positions: [Double(left) - 4], fontSize: 6)
      let last = TextRun(
        text: String(digits.suffix(1)), positions: [Double(left + 95) + 4], fontSize: 6)
      return TextLayout(
        runs: [first, digitRun(1..<6, from: 10), digitRun(6..<11, from: 50), last],
        guards: [guardRange(0, 10), guardRange(45, 5), guardRange(85, 10)])
    default:
      let centre = TextRun(text: text, positions: [Double(matrix.width) / 2], fontSize: 8)
      return TextLayout(runs: [centre], guards: [])
    }
  }

  /// `value` without a fractional part when it has none: `6`, `6.5`.
  private static func number(_ value: Double) -> String {
    Int(exactly: value).map(String.init) ?? String(value)
  }

  /// `colour` when it is `#RGB` or `#RRGGBB`.
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/invalidOption(_:)``) otherwise.
  static func validated(colour: String, name: String, symbology: Symbology?)
    throws(BarcodeError) -> String
  {
    let bytes = Array(colour.utf8)
    let isHex: (UInt8) -> Bool = { byte in
      (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    guard bytes.count == 4 || bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
      bytes.dropFirst().allSatisfy(isHex)
    else {
      throw BarcodeError(
        symbology,
        .invalidOption("\(name) \"\(escaped(colour))\" is not a colour #RGB or #RRGGBB"))
    }
    return colour
  }

  /// `text` escaped for XML character data or an attribute: `&`, `<`, `>`, `"` and `'` as
  /// entities, and each character XML 1.0 does not allow (control characters but tab, line
  /// feed and carriage return) as U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result.append(contentsOf: "&amp;".unicodeScalars)
      case "<": result.append(contentsOf: "&lt;".unicodeScalars)
      case ">": result.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
      case "'": result.append(contentsOf: "&apos;".unicodeScalars)
      case "\t", "\n", "\r": result.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": result.append("\u{FFFD}")
      default: result.append(scalar)
      }
    }
    return String(result)
  }
}
