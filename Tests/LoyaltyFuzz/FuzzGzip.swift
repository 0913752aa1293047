import Foundation
import LoyaltyNetwork

enum FuzzGzip {
  static func run(_ data: Data) {
    _ = Gzip.isCompressed(data)
    _ = try? Gzip.decompress(data, limit: 1 << 20)
    // What is compressed decompresses to the same bytes.
    guard let compressed = try? Gzip.compress(data, level: Int32(data.first ?? 0) % 10) else {
      check(false, "compressing \(data.count) bytes failed")
      return
    }
    check(Gzip.isCompressed(compressed), "compressed data has no gzip header")
    check(
      (try? Gzip.decompress(compressed)) == data, "decompressing did not give back the bytes")
  }
}
