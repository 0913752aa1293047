import CLoyaltyZlib
import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Gzip compression and decompression through zlib.
public enum Gzip {
  /// Whether `data` starts with the gzip magic bytes.
  public static func isCompressed(_ data: Data) -> Bool {
    data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
  }

  /// Compresses `data` into the gzip format.
  /// - Parameters:
  ///   - data: The bytes to compress.
  ///   - level: zlib's level, 0 (none) to 9 (smallest); -1 is zlib's default.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/requestEncodingFailed`` if zlib fails.
  public static func compress(_ data: Data, level: Int32 = -1) throws -> Data {
    var stream = z_stream()
    guard cloyalty_deflate_init_gzip(&stream, level) == Z_OK else {
      throw LoyaltyError(.requestEncodingFailed, "zlib could not start compressing.")
    }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(data.count)))
    var output = Data(count: max(bound, 32))
    let status: Int32 = data.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        stream.next_in = UnsafeMutablePointer(
          mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
        stream.avail_out = uInt(out.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END else {
      throw LoyaltyError(
        .requestEncodingFailed, "zlib could not compress the body.",
        metadata: ["zlibStatus": String(status)])
    }
    output.count = Int(stream.total_out)
    return output
  }

  /// Decompresses gzip or zlib data.
  /// - Parameters:
  ///   - data: The compressed bytes.
  ///   - limit: The largest output accepted, so a hostile body cannot exhaust memory.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` for corrupt or truncated data
  ///   or output beyond `limit`.
  public static func decompress(_ data: Data, limit: Int = 256 * 1_024 * 1_024) throws -> Data {
    var stream = z_stream()
    guard cloyalty_inflate_init_auto(&stream) == Z_OK else {
      throw LoyaltyError(.decompressionFailed, "zlib could not start decompressing.")
    }
    defer { inflateEnd(&stream) }
    var output = Data()
    let chunkSize = 64 * 1_024
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var status: Int32 = Z_OK
    try data.withUnsafeBytes { input in
      stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
      stream.avail_in = uInt(input.count)
      repeat {
        let produced: Int = chunk.withUnsafeMutableBufferPointer { buffer in
          stream.next_out = buffer.baseAddress
          stream.avail_out = uInt(chunkSize)
          status = inflate(&stream, Z_NO_FLUSH)
          return chunkSize - Int(stream.avail_out)
        }
        guard status == Z_OK || status == Z_STREAM_END else {
          throw LoyaltyError(
            .decompressionFailed, "The compressed body is corrupt.",
            metadata: ["zlibStatus": String(status)])
        }
        output.append(contentsOf: chunk[0..<produced])
        guard output.count <= limit else {
          throw LoyaltyError(
            .decompressionFailed, "The decompressed body is larger than \(limit) bytes.",
            metadata: ["limit": String(limit)])
        }
        if status == Z_OK && produced == 0 && stream.avail_in == 0 {
          throw LoyaltyError(.decompressionFailed, "The compressed body is truncated.")
        }
      } while status != Z_STREAM_END
    }
    return output
  }
}
