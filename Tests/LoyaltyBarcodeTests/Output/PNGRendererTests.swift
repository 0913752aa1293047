import CLoyaltyZlib
import Testing

@testable import LoyaltyBarcode

/// A PNG file taken apart: its chunks, checked against their CRC-32.
struct PNGFile {
  /// One chunk.
  struct Chunk {
    var type: String
    var data: [UInt8]
    var storedCRC: UInt32
  }

  var chunks: [Chunk] = []

  /// The first PNG's eight bytes.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Parses `bytes`, or returns `nil` where they are not a sequence of whole chunks after
  /// the signature.
  init?(_ bytes: [UInt8]) {
    guard bytes.starts(with: Self.signature) else { return nil }
    var offset = 8
    while offset < bytes.count {
      guard offset + 12 <= bytes.count else { return nil }
      let length = Int(Self.uint32(bytes, at: offset))
      guard offset + 12 + length <= bytes.count else { return nil }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      chunks.append(
        Chunk(type: type, data: data, storedCRC: Self.uint32(bytes, at: offset + 8 + length)))
      offset += 12 + length
    }
  }

  /// The big-endian `UInt32` at `offset`.
  static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// CRC-32 (ISO 3309, the polynomial 0xEDB88320 reflected), bit by bit: independent of
  /// the zlib the renderer uses.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 {
        crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
      }
    }
    return ~crc
  }

  /// The IDAT chunks' data inflated, or `nil`.
  func inflated(expectedSize: Int) -> [UInt8]? {
    let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    var output = [UInt8](repeating: 0, count: expectedSize + 1)
    var size = uLong(output.count)
    let status = output.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
      }
    }
    guard status == Z_OK else { return nil }
    return Array(output.prefix(Int(size)))
  }
}

/// The PNG renderer: the file's structure, its pixels, and the module sizes it refuses.
@Suite("PNG renderer")
struct PNGRendererTests {
  let symbol: BarcodeSymbol

  init() throws {
    symbol = try EAN8Encoder(height: 3).encode("9638507")
  }

  @Test(
    "signature, IHDR, IDAT, IEND, each chunk's CRC-32, and the pixels",
    arguments: [1, 2, 3, 100], [PNGRenderer.Depth.oneBit, .eightBit])
  func structure(moduleSize: Int, depth: PNGRenderer.Depth) throws {
    let bytes = try PNGRenderer(moduleSize: moduleSize, depth: depth).render(symbol)
    let file = try #require(PNGFile(bytes))
    #expect(file.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    for chunk in file.chunks {
      #expect(
        chunk.storedCRC == PNGFile.crc32(Array(chunk.type.utf8) + chunk.data), "\(chunk.type)")
    }
    let header = file.chunks[0].data
    let width = symbol.matrix.width * moduleSize
    let height = symbol.matrix.height * moduleSize
    #expect(header.count == 13)
    #expect(PNGFile.uint32(header, at: 0) == UInt32(width))
    #expect(PNGFile.uint32(header, at: 4) == UInt32(height))
    // Bit depth, then greyscale, deflate, filter method 0, no interlace.
    #expect(Array(header[8...]) == [depth == .oneBit ? 1 : 8, 0, 0, 0, 0])
    #expect(file.chunks[2].data.isEmpty)

    let rowBytes = depth == .oneBit ? (width + 7) / 8 : width
    let raw = try #require(file.inflated(expectedSize: (rowBytes + 1) * height))
    #expect(raw.count == (rowBytes + 1) * height)
    for y in 0..<height {
      let row = raw[(y * (rowBytes + 1))...]
      #expect(row.first == 0, "filter of row \(y)")
      for x in 0..<width {
        let dark: Bool
        if depth == .oneBit {
          dark = row[row.startIndex + 1 + x / 8] & (0x80 >> UInt8(x % 8)) == 0
        } else {
          dark = row[row.startIndex + 1 + x] == 0
        }
        guard dark == symbol.matrix[x / moduleSize, y / moduleSize] else {
          Issue.record("pixel \(x), \(y) at module size \(moduleSize)")
          return
        }
      }
    }
  }

  @Test("module sizes outside 1...100", arguments: [0, -1, 101])
  func invalidModuleSize(moduleSize: Int) {
    #expect(
      throws: BarcodeError(.ean8, .invalidOption("module size \(moduleSize) outside 1...100"))
    ) {
      try PNGRenderer(moduleSize: moduleSize).render(symbol)
    }
  }

  @Test("an image beyond the maximum of pixels")
  func tooManyPixels() throws {
    let wide = try Code128Encoder().encode(String(repeating: "a", count: 80))
    #expect(throws: BarcodeError.self) { try PNGRenderer(moduleSize: 100).render(wide) }
    #expect(try PNGRenderer(moduleSize: 4).render(wide).count > 0)
  }
}
