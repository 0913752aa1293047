/// Sixty-four bytes of nothing: stored on either side of a field that one thread reads
/// often and others rarely write, it keeps that field off the cache lines that other
/// fields, or neighbouring objects' reference counts, share with frequent writers.
struct CacheLineSpacer: Sendable {
  private let words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )
}
