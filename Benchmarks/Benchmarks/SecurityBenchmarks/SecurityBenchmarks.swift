import Benchmark
import Crypto
import Foundation
import LoyaltyCore
import LoyaltySecurity

// Each SDK figure has a reference measured in the same run; report the ratio. The
// names put each pair side by side, so they run one right after the other.
//
// - "AES-GCM seal + open 1 KB: AESGCM" against "...: swift-crypto (reference)": our
//   AES-256-GCM on OpenSSL's EVP API against swift-crypto's (BoringSSL on Linux), for a
//   token-sized value. Both produce and parse the combined layout
//   `nonce + ciphertext + tag`. Target: ours at least 0.9x the reference's throughput.
// - The same pair for 1 MB, where the cipher itself and memory traffic dominate.
// - "AES-GCM seal + open 1 KB: AESGCMFieldCipher, cached key" against "...: AESGCM":
//   what fetching the key through the cipher's key cache (an in-memory key store) adds
//   to the explicit-key call.

/// Why a benchmark stopped: its result would not have measured what it claims to.
enum BenchmarkFailure: Error {
  case noCombinedBox
  case roundTripMismatch
}

/// A fixed 32-byte key: the content does not change the cost of AES.
let keyBytes = Data((0..<AESGCM.keyByteCount).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })

/// A token-sized plaintext: 1 KiB.
let tokenPlaintext = makePlaintext(byteCount: 1 << 10)

/// A large plaintext: 1 MiB.
let largePlaintext = makePlaintext(byteCount: 1 << 20)

func makePlaintext(byteCount: Int) -> Data {
  Data((0..<byteCount).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 17) })
}

/// Seals and opens `plaintext` with our ``AESGCM``.
@inline(__always)
func roundTripOurs(_ plaintext: Data, key: Data) throws -> Data {
  let sealed = try AESGCM.seal(plaintext, key: key)
  return try AESGCM.open(sealed, key: key)
}

/// Seals and opens `plaintext` with swift-crypto, going through the combined layout
/// like ours does.
@inline(__always)
func roundTripReference(_ plaintext: Data, key: SymmetricKey) throws -> Data {
  let box = try AES.GCM.seal(plaintext, using: key)
  guard let combined = box.combined else { throw BenchmarkFailure.noCombinedBox }
  return try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], maxDuration: .seconds(2),
    maxIterations: 10_000)

  /// 1,000 round trips of 1 KB per sample, so a sample lasts long enough to time.
  let small = Benchmark.Configuration(scalingFactor: .kilo)
  let referenceKey = SymmetricKey(data: keyBytes)

  Benchmark("AES-GCM seal + open 1 KB: AESGCM", configuration: small) { benchmark in
    guard try roundTripOurs(tokenPlaintext, key: keyBytes) == tokenPlaintext else {
      throw BenchmarkFailure.roundTripMismatch
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try roundTripOurs(tokenPlaintext, key: keyBytes))
    }
  }

  Benchmark("AES-GCM seal + open 1 KB: swift-crypto (reference)", configuration: small) {
    benchmark in
    guard try roundTripReference(tokenPlaintext, key: referenceKey) == tokenPlaintext else {
      throw BenchmarkFailure.roundTripMismatch
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try roundTripReference(tokenPlaintext, key: referenceKey))
    }
  }

  Benchmark("AES-GCM seal + open 1 MB: AESGCM") { benchmark in
    guard try roundTripOurs(largePlaintext, key: keyBytes) == largePlaintext else {
      throw BenchmarkFailure.roundTripMismatch
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try roundTripOurs(largePlaintext, key: keyBytes))
    }
  }

  Benchmark("AES-GCM seal + open 1 MB: swift-crypto (reference)") { benchmark in
    guard try roundTripReference(largePlaintext, key: referenceKey) == largePlaintext else {
      throw BenchmarkFailure.roundTripMismatch
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(try roundTripReference(largePlaintext, key: referenceKey))
    }
  }

  Benchmark("AES-GCM seal + open 1 KB: AESGCMFieldCipher, cached key", configuration: small) {
    benchmark in
    let cipher = AESGCMFieldCipher(keyStore: InMemoryKeyStore())
    // The first call creates the key and fills the cache; the samples measure hits.
    guard try await cipher.open(try await cipher.seal(tokenPlaintext)) == tokenPlaintext else {
      throw BenchmarkFailure.roundTripMismatch
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      let sealed = try await cipher.seal(tokenPlaintext)
      blackHole(try await cipher.open(sealed))
    }
  }
}
