/// A symbol's modules, dark or light, row by row, its quiet zone included.
///
/// A module is the symbol's smallest element: a bar of width 1 in a linear code, a square
/// in a QR code. Every output draws this matrix and nothing else, so what a PNG, an SVG and
/// the terminal show is the same symbol, quiet zone and all. A linear code is a matrix whose
/// rows are all the same.
public struct BarcodeMatrix: Sendable, Hashable {
  /// The light margin around the symbol, in modules, which a scanner needs to find its
  /// edges.
  public struct QuietZone: Sendable, Hashable {
    /// Modules of light on the left.
    public var left: Int
    /// Modules of light on the right.
    public var right: Int
    /// Modules of light above.
    public var top: Int
    /// Modules of light below.
    public var bottom: Int

    /// Creates a quiet zone.
    public init(left: Int, right: Int, top: Int, bottom: Int) {
      self.left = left
      self.right = right
      self.top = top
      self.bottom = bottom
    }

    /// The same margin on every side.
    public static func uniform(_ modules: Int) -> QuietZone {
      QuietZone(left: modules, right: modules, top: modules, bottom: modules)
    }
  }

  /// Columns, the quiet zone included.
  public let width: Int
  /// Rows, the quiet zone included.
  public let height: Int
  /// The light margin included in ``width`` and ``height``.
  public let quietZone: QuietZone
  /// One byte per module, row by row: 1 dark, 0 light.
  private(set) var modules: [UInt8]

  /// A matrix of light modules only.
  ///
  /// Sizes below 1 are taken as 1, so a matrix always has a module to draw.
  init(width: Int, height: Int, quietZone: QuietZone) {
    self.width = max(1, width)
    self.height = max(1, height)
    self.quietZone = quietZone
    self.modules = [UInt8](repeating: 0, count: self.width * self.height)
  }

  /// A linear code's matrix: `bars` (dark `true`) with its quiet zone on the left and the
  /// right, repeated over `height` rows.
  ///
  /// - Parameters:
  ///   - bars: the symbol's modules from its first bar to its last, without quiet zone.
  ///   - quietZone: the margin to add around them.
  ///   - height: the bars' height in modules, without the top and bottom margin.
  init(bars: [Bool], quietZone: QuietZone, height: Int) {
    let barHeight = max(1, height)
    self.init(
      width: quietZone.left + bars.count + quietZone.right,
      height: quietZone.top + barHeight + quietZone.bottom,
      quietZone: quietZone)
    for row in quietZone.top..<(quietZone.top + barHeight) {
      let start = row * width + quietZone.left
      for (offset, dark) in bars.enumerated() where dark {
        modules[start + offset] = 1
      }
    }
  }

  /// Whether the module at column `x` and row `y` is dark; `false` outside the matrix.
  public subscript(x: Int, y: Int) -> Bool {
    guard x >= 0, x < width, y >= 0, y < height else { return false }
    return modules[y * width + x] != 0
  }

  /// Sets the module at column `x` and row `y`, which must be inside the matrix.
  mutating func set(x: Int, y: Int, dark: Bool) {
    modules[y * width + x] = dark ? 1 : 0
  }

  /// The number of dark modules, quiet zone included (where there are none).
  public var darkCount: Int {
    modules.reduce(0) { $0 + Int($1) }
  }
}
