import Benchmark
import CLibqrencode
import LoyaltyBarcode

// Each SDK figure has a reference measured in the same run; report the ratio. The names
// put each pair side by side, so they run one right after the other.
//
// - "QR: coupon URL, 60 characters, M": `QREncoder(errorCorrection: .medium).encode(_:)`
//   of a 60-character coupon URL (version 4-M) against libqrencode's
//   `QRcode_encodeString` of the same URL at level M (case-sensitive, 8-bit hint) and its
//   `QRcode_free`. Both choose the segments, the version and the mask; ours also adds
//   the quiet zone to the matrix it returns. 1,000 encodes per sample. Each sample first
//   checks that both draw the same modules.
// - "QR: version 40, 2,953 bytes, L": `QREncoder(errorCorrection: .low).encode(bytes:)`
//   of the most bytes a symbol holds (version 40-L) against `QRcode_encodeData` of the
//   same bytes. Each sample first checks that both draw the same modules.
// - "QR: 1,000 coupon codes to PNG": 1,000 different coupon URLs, each encoded and
//   rendered by `PNGRenderer` (4 pixels per module, 1-bit): time, allocations and peak
//   resident memory. No reference.
//
// Target: ours at least 1x libqrencode's throughput (p50) on both pairs.

/// Why a benchmark stopped: its result would not have measured what it claims to.
enum BenchmarkFailure: Error {
  case referenceFailed
  case differentSymbols(String)
}

/// A coupon's URL: 60 characters, which level M draws as version 4.
let couponURL = "https://coupons.example.com/redeem?c=AB12CD34EF56&s=0042&u=9"

/// The URL as a C string, made once, as a C caller would hold it.
let couponCString = Array(couponURL.utf8CString)

/// The most bytes one symbol holds: 2,953, version 40-L.
let largePayload = (0..<2_953).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 17) }

/// The modules of libqrencode's symbol, row by row, or `nil` if it failed.
func referenceModules(_ code: UnsafeMutablePointer<QRcode>?) -> (width: Int, modules: [Bool])? {
  guard let code, let data = code.pointee.data else { return nil }
  let width = Int(code.pointee.width)
  return (width, (0..<(width * width)).map { data[$0] & 1 != 0 })
}

/// The modules of our symbol without quiet zone, row by row.
func ourModules(_ symbol: BarcodeSymbol) -> (width: Int, modules: [Bool]) {
  let matrix = symbol.matrix
  let margin = matrix.quietZone.left
  let width = matrix.width - matrix.quietZone.left - matrix.quietZone.right
  var modules: [Bool] = []
  for y in 0..<width {
    for x in 0..<width { modules.append(matrix[x + margin, y + margin]) }
  }
  return (width, modules)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
    maxDuration: .seconds(2), maxIterations: 10_000)

  /// 1,000 encodes per sample, so a sample lasts long enough to time.
  let thousand = Benchmark.Configuration(scalingFactor: .kilo)
  let medium = QREncoder(errorCorrection: .medium)
  let low = QREncoder(errorCorrection: .low)

  Benchmark("QR: coupon URL, 60 characters, M: QREncoder", configuration: thousand) {
    benchmark in
    let symbol = try medium.encode(couponURL)
    let reference = couponCString.withUnsafeBufferPointer { url in
      QRcode_encodeString(url.baseAddress, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
    }
    defer { QRcode_free(reference) }
    guard let theirs = referenceModules(reference) else { throw BenchmarkFailure.referenceFailed }
    let ours = ourModules(symbol)
    guard ours.width == theirs.width, ours.modules == theirs.modules else {
      throw BenchmarkFailure.differentSymbols("coupon: the modules differ")
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try medium.encode(couponURL))
    }
  }

  Benchmark("QR: coupon URL, 60 characters, M: libqrencode (reference)", configuration: thousand) {
    benchmark in
    couponCString.withUnsafeBufferPointer { url in
      for _ in benchmark.scaledIterations {
        let code = QRcode_encodeString(url.baseAddress, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
        blackHole(code)
        QRcode_free(code)
      }
    }
  }

  Benchmark("QR: version 40, 2,953 bytes, L: QREncoder") { benchmark in
    let symbol = try low.encode(bytes: largePayload)
    let reference = largePayload.withUnsafeBufferPointer { bytes in
      QRcode_encodeData(Int32(bytes.count), bytes.baseAddress, 0, QR_ECLEVEL_L)
    }
    defer { QRcode_free(reference) }
    guard let theirs = referenceModules(reference) else { throw BenchmarkFailure.referenceFailed }
    let ours = ourModules(symbol)
    guard ours.width == theirs.width, ours.modules == theirs.modules else {
      throw BenchmarkFailure.differentSymbols("version 40: the modules differ")
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try low.encode(bytes: largePayload))
    }
  }

  Benchmark("QR: version 40, 2,953 bytes, L: libqrencode (reference)") { benchmark in
    largePayload.withUnsafeBufferPointer { bytes in
      for _ in benchmark.scaledIterations {
        let code = QRcode_encodeData(Int32(bytes.count), bytes.baseAddress, 0, QR_ECLEVEL_L)
        blackHole(code)
        QRcode_free(code)
      }
    }
  }

  let coupons = (0..<1_000).map {
    "https://coupons.example.com/redeem?c=\(100_000_000 + $0 * 7_919)&s=0042&u=9"
  }
  let renderer = PNGRenderer(moduleSize: 4)
  Benchmark(
    "QR: 1,000 coupon codes to PNG",
    configuration: .init(
      metrics: [
        .wallClock, .throughput, .mallocCountTotal, .peakMemoryResident,
        .peakMemoryResidentDelta,
      ], timeUnits: .milliseconds,
      units: [.peakMemoryResident: .kilo, .peakMemoryResidentDelta: .kilo],
      warmupIterations: 1, maxDuration: .seconds(4), maxIterations: 30)
  ) { benchmark in
    var bytes = 0
    for coupon in coupons {
      bytes += try renderer.render(medium.encode(coupon)).count
    }
    blackHole(bytes)
  }
}
