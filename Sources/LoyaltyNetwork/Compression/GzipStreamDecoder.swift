import CLoyaltyZlib
import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decompresses a gzip (or zlib) stream piece by piece, handing each decompressed chunk
/// to a closure, so a large body is never held decompressed in memory.
///
/// ```swift
/// let decoder = try GzipStreamDecoder()
/// try decoder.feed(compressedPiece) { chunk in try file.write(chunk) }
/// try decoder.finish()  // throws when the stream ended early
/// ```
package final class GzipStreamDecoder {
  private var stream = z_stream()
  private var output: [UInt8]
  private var ended = false
  private var started = false

  /// Creates a decoder whose output chunks are at most `chunkSize` bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` if zlib cannot start.
  package init(chunkSize: Int = 64 * 1_024) throws {
    output = [UInt8](repeating: 0, count: max(1_024, chunkSize))
    guard cloyalty_inflate_init_auto(&stream) == Z_OK else {
      throw LoyaltyError(.decompressionFailed, "zlib could not start decompressing.")
    }
    started = true
  }

  deinit {
    if started { inflateEnd(&stream) }
  }

  /// Whether the end of the compressed stream has been reached.
  package var isFinished: Bool { ended }

  /// Decompresses `input`, calling `sink` with each decompressed chunk.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` for corrupt data or
  ///   bytes after the end of the stream; whatever `sink` throws.
  package func feed(
    _ input: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    guard !input.isEmpty else { return }
    guard !ended else {
      throw LoyaltyError(.decompressionFailed, "Bytes follow the end of the compressed stream.")
    }
    stream.next_in = UnsafeMutablePointer(
      mutating: input.bindMemory(to: Bytef.self).baseAddress)
    stream.avail_in = uInt(input.count)
    let chunkSize = output.count
    while stream.avail_in > 0 || !ended {
      var status: Int32 = Z_OK
      let produced: Int = output.withUnsafeMutableBufferPointer { buffer in
        stream.next_out = buffer.baseAddress
        stream.avail_out = uInt(chunkSize)
        status = inflate(&stream, Z_NO_FLUSH)
        return chunkSize - Int(stream.avail_out)
      }
      guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
        throw LoyaltyError(
          .decompressionFailed, "The compressed stream is corrupt.",
          metadata: ["zlibStatus": String(status)])
      }
      if produced > 0 {
        try output.withUnsafeBytes { bytes in
          try sink(UnsafeRawBufferPointer(rebasing: bytes[0..<produced]))
        }
      }
      if status == Z_STREAM_END {
        ended = true
        if stream.avail_in > 0 {
          throw LoyaltyError(
            .decompressionFailed, "Bytes follow the end of the compressed stream.")
        }
        break
      }
      if produced == 0 && stream.avail_in == 0 { break }
    }
    stream.next_in = nil
  }

  /// Checks that the stream ended.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/decompressionFailed`` when it is truncated.
  package func finish() throws {
    guard ended else {
      throw LoyaltyError(
        .decompressionFailed, "The compressed stream is truncated.",
        metadata: ["truncated": "true"])
    }
  }
}
