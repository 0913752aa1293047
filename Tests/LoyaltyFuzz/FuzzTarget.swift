import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyPush
import LoyaltySecurity

/// Every parser of untrusted bytes in the SDK, one target each.
///
/// A target takes any bytes. It calls public or `package` API only, the way the SDK
/// itself calls it on data from the network, a push notification, a token or a file,
/// and then reads what came out. Thrown errors are ignored: they are how a parser says
/// no. Checks that must hold for every input (a round trip, for one) use `check`, which
/// traps, so the fuzzer reports them like a crash.
enum FuzzTarget: String, CaseIterable, Sendable {
  /// JSON text into `JSONValue` (every response, push payload and JWT part), its
  /// accessors, and writing it back.
  case json
  /// A response through the network client's status check and decoding: the envelope,
  /// token answers, error statuses, decoding a field.
  case envelope
  /// A response through each market call's decoding: campaigns, coupons, merchants,
  /// articles, profile, cards, transactions, points.
  case market
  /// A push payload as JSON bytes: `PushPayload.parse(_: Data)`.
  case pushData = "push-data"
  /// A push payload as the dictionary a platform delivers: `PushPayload.parse(_:)`.
  case pushDictionary = "push-dictionary"
  /// A JSON Web Token and its claims.
  case jwt
  /// PEM text into an RSA public key (and a private key), then used.
  case pem
  /// `LoyaltyConfiguration(jsonData:)`, validated, summarised, written back.
  case configuration
  /// Request building with hostile strings: path template and placeholder values,
  /// query items, JSON, form and multipart fields, header values, the base URL.
  case request
  /// Gzip and zlib bodies into `Gzip.decompress`, and compressing back.
  case gzip
  /// The date formats read from servers: HTTP dates, `Retry-After`, the backend's dates.
  case dates
  /// A `shops.retrieve_pois` answer through the points-of-interest sync's page reading.
  case location
  /// A merchant directory manifest answer, as the snapshot sync reads it.
  case directory

  /// Feeds `data` to the target.
  func run(_ data: Data) {
    switch self {
    case .json: FuzzJSON.run(data)
    case .envelope: FuzzEnvelope.run(data)
    case .market: FuzzMarket.run(data)
    case .pushData: FuzzPush.runData(data)
    case .pushDictionary: FuzzPush.runDictionary(data)
    case .jwt: FuzzJWT.run(data)
    case .pem: FuzzPEM.run(data)
    case .configuration: FuzzConfiguration.run(data)
    case .request: FuzzRequest.run(data)
    case .gzip: FuzzGzip.run(data)
    case .dates: FuzzDates.run(data)
    case .location: FuzzLocation.run(data)
    case .directory: FuzzDirectory.run(data)
    }
  }
}

/// Traps when an invariant does not hold, so that the fuzzer reports the input.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    FileHandle.standardError.write(Data("invariant failed: \(message())\n".utf8))
    abort()
  }
}

/// Reads a fuzz input as a few choices and strings.
struct FuzzInput {
  private var bytes: [UInt8]
  private var index = 0

  init(_ data: Data) {
    bytes = Array(data)
  }

  /// The next byte, or 0 when none is left.
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// One of `choices`, picked by the next byte.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// The bytes up to the next NUL (or the end), as UTF-8 with invalid bytes repaired.
  mutating func string() -> String {
    String(decoding: field(), as: UTF8.self)
  }

  /// The bytes up to the next NUL (or the end).
  mutating func field() -> [UInt8] {
    let start = min(index, bytes.count)
    var end = start
    while end < bytes.count, bytes[end] != 0 { end += 1 }
    index = end + 1
    return Array(bytes[start..<end])
  }

  /// Everything not read yet.
  mutating func rest() -> Data {
    let start = min(index, bytes.count)
    index = bytes.count
    return Data(bytes[start...])
  }
}
