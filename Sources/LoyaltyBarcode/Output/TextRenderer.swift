/// Draws a symbol as text for a terminal, with Unicode half blocks: two module rows per line.
///
/// Each character is one module wide and two modules high (`▀` the upper dark, `▄` the
/// lower, `█` both, a space neither), which makes a terminal's tall cells square modules
/// that a phone can scan from the screen. A terminal draws blocks in its text colour: on a
/// light background the dark modules are blocks, as by default; on a dark background, set
/// ``inverted`` so that the light modules are the blocks and the dark ones the background.
/// The quiet zone is kept by default: without it, a scanner cannot find a code's edges
/// unless the terminal's own margin is as light as the code's light modules.
public struct TextRenderer: Sendable, Hashable {
  /// Whether light modules are drawn as blocks and dark ones as spaces, for a terminal
  /// with light text on a dark background.
  public var inverted: Bool
  /// Whether the symbol's quiet zone is drawn.
  public var includesQuietZone: Bool

  /// Creates a renderer.
  /// - Parameters:
  ///   - inverted: `true` for a dark terminal (light text on a dark background); `false`
  ///     by default.
  ///   - includesQuietZone: whether to draw the quiet zone; `true` by default.
  public init(inverted: Bool = false, includesQuietZone: Bool = true) {
    self.inverted = inverted
    self.includesQuietZone = includesQuietZone
  }

  /// The lines of `symbol`, joined by line feeds, without a line feed after the last.
  public func render(_ symbol: BarcodeSymbol) -> String { render(symbol.matrix) }

  /// The lines of `matrix`, joined by line feeds, without a line feed after the last.
  ///
  /// An odd number of rows leaves the lower half of the last line blank: there it shows
  /// the terminal's background, whichever ``inverted`` says.
  public func render(_ matrix: BarcodeMatrix) -> String {
    let zone = includesQuietZone ? .uniform(0) : matrix.quietZone
    let columns = max(0, zone.left)..<max(zone.left, matrix.width - max(0, zone.right))
    let rows = max(0, zone.top)..<max(zone.top, matrix.height - max(0, zone.bottom))
    var text = String.UnicodeScalarView()
    text.reserveCapacity((columns.count + 1) * (rows.count + 1) / 2 * 3)
    for top in stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
      if top > rows.lowerBound { text.append("\n") }
      let hasLower = top + 1 < rows.upperBound
      for x in columns {
        let upper = matrix[x, top] != inverted
        let lower = hasLower && matrix[x, top + 1] != inverted
        switch (upper, lower) {
        case (true, true): text.append("\u{2588}")
        case (true, false): text.append("\u{2580}")
        case (false, true): text.append("\u{2584}")
        case (false, false): text.append(" ")
        }
      }
    }
    return String(text)
  }
}
