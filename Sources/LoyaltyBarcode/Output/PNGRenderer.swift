internal import CLoyaltyZlib

/// Draws a symbol as a PNG image: greyscale, whole pixels per module, so nothing blurs.
///
/// Each module is a square of ``moduleSize`` pixels, the quiet zone included. The image is
/// 1-bit (the smallest file) or 8-bit grey (for tools that read only 8-bit images), and
/// compressed with the system zlib.
public struct PNGRenderer: Sendable, Hashable {
  /// The bits per pixel.
  public enum Depth: Sendable, Hashable {
    /// One bit per pixel: black or white.
    case oneBit
    /// Eight bits per pixel: 0 for a dark module, 255 for a light one.
    case eightBit
  }

  /// The most pixels an image may have, about 64 MB at 8 bits: beyond it a module size is
  /// refused rather than an image allocated.
  public static let maximumPixels = 1 << 26

  /// Pixels per module, from 1 to 100.
  public var moduleSize: Int
  /// The bits per pixel.
  public var depth: Depth

  /// Creates a renderer.
  /// - Parameters:
  ///   - moduleSize: pixels per module, from 1 to 100; 4 by default.
  ///   - depth: 1-bit by default.
  public init(moduleSize: Int = 4, depth: Depth = .oneBit) {
    self.moduleSize = moduleSize
    self.depth = depth
  }

  /// The PNG file of `symbol`.
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/invalidOption(_:)``) for a module
  ///   size outside 1...100 or an image of more than ``maximumPixels``.
  public func render(_ symbol: BarcodeSymbol) throws(BarcodeError) -> [UInt8] {
    try render(symbol.matrix, symbology: symbol.symbology)
  }

  /// The PNG file of `matrix`.
  /// - Throws: as ``render(_:)-(BarcodeSymbol)``.
  public func render(_ matrix: BarcodeMatrix) throws(BarcodeError) -> [UInt8] {
    try render(matrix, symbology: nil)
  }

  private func render(_ matrix: BarcodeMatrix, symbology: Symbology?) throws(BarcodeError)
    -> [UInt8]
  {
    guard (1...100).contains(moduleSize) else {
      throw BarcodeError(symbology, .invalidOption("module size \(moduleSize) outside 1...100"))
    }
    let width = matrix.width * moduleSize
    let height = matrix.height * moduleSize
    guard width * height <= Self.maximumPixels else {
      throw BarcodeError(
        symbology,
        .invalidOption("\(width)x\(height) pixels, more than \(Self.maximumPixels)"))
    }
    let raw = scanlines(matrix, width: width)
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header.appendBigEndian(UInt32(width))
    header.appendBigEndian(UInt32(height))
    header += [depth == .oneBit ? 1 : 8, 0, 0, 0, 0]  // depth, grey, deflate, filter, no interlace
    Self.appendChunk("IHDR", header, to: &file)
    Self.appendChunk("IDAT", try Self.deflate(raw, symbology: symbology), to: &file)
    Self.appendChunk("IEND", [], to: &file)
    return file
  }

  /// The image's rows, each after its filter byte (0, none), each module row repeated
  /// ``moduleSize`` times.
  private func scanlines(_ matrix: BarcodeMatrix, width: Int) -> [UInt8] {
    let rowBytes = depth == .oneBit ? (width + 7) / 8 : width
    var raw = [UInt8]()
    raw.reserveCapacity((rowBytes + 1) * matrix.height * moduleSize)
    var row = [UInt8](repeating: 0, count: rowBytes)
    for y in 0..<matrix.height {
      for index in row.indices { row[index] = 0xFF }
      for x in 0..<matrix.width where matrix[x, y] {
        for pixel in (x * moduleSize)..<((x + 1) * moduleSize) {
          if depth == .oneBit {
            row[pixel >> 3] &= ~(UInt8(0x80) >> UInt8(pixel & 7))
          } else {
            row[pixel] = 0
          }
        }
      }
      for _ in 0..<moduleSize {
        raw.append(0)
        raw += row
      }
    }
    return raw
  }

  /// `data` as one zlib stream.
  private static func deflate(_ data: [UInt8], symbology: Symbology?) throws(BarcodeError)
    -> [UInt8]
  {
    var size = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), 9)
      }
    }
    guard status == Z_OK else {
      throw BarcodeError(symbology, .invalidOption("zlib could not compress the image (\(status))"))
    }
    output.removeSubrange(Int(size)...)
    return output
  }

  /// Appends a chunk: its length, type, data and the CRC-32 of type and data.
  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    file.appendBigEndian(UInt32(data.count))
    let typed = Array(type.utf8) + data
    file += typed
    let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
    file.appendBigEndian(UInt32(truncatingIfNeeded: crc))
  }
}

extension [UInt8] {
  /// Appends `value` as four bytes, most significant first.
  fileprivate mutating func appendBigEndian(_ value: UInt32) {
    append(UInt8(truncatingIfNeeded: value >> 24))
    append(UInt8(truncatingIfNeeded: value >> 16))
    append(UInt8(truncatingIfNeeded: value >> 8))
    append(UInt8(truncatingIfNeeded: value))
  }
}
