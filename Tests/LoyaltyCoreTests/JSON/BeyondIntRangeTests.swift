import Foundation
import LoyaltyCore
import Testing

/// Bad input: numbers beyond `Int`'s range are a tolerated default, never a crash.
@Suite("Numbers beyond Int's range")
struct BeyondIntRangeTests {
  static let extremes: [Double] = [
    1e19, -1e19, 1e308, -1e308, .nan, .infinity, -.infinity, 0x1p63, -0x1p63 * 2,
    Double(Int.max) * 1.5,
  ]

  @Test("numbers beyond Int's range never crash: looseString writes them", arguments: extremes)
  func looseStringOfExtremes(value: Double) {
    let json = JSONValue.number(value)
    let text = json.looseString
    #expect(text == String(value))
    #expect(json.looseInt == nil)
    #expect(json.intValue == nil)
  }

  @Test("whole numbers that fit are still written without a fraction")
  func looseStringOfWholeNumbers() {
    #expect(JSONValue.number(3).looseString == "3")
    #expect(JSONValue.number(-0x1p63).looseString == String(Int.min))
    #expect(JSONValue.number(1.5).looseString == "1.5")
    #expect(JSONValue.integer(.max).looseString == String(Int.max))
  }

  @Test(
    "numbers beyond Int's range in a server's answer never crash",
    arguments: [
      #"{"msg": 1e19}"#, #"{"msg": -1e19}"#, #"{"msg": 1e308}"#, #"{"msg": 18446744073709551616}"#,
      #"{"msg": 9223372036854775808}"#, #"{"msg": -9223372036854775809}"#,
    ])
  func serverNumbers(body: String) throws {
    let value = try JSONValue(parsing: Data(body.utf8))
    let text = try #require(value["msg"]?.looseString)
    #expect(text.contains("e+") || text.contains("e-") || text.count >= 19)
  }

  @Test(
    "the system clock sleeps through intervals beyond UInt64 nanoseconds until cancelled",
    arguments: [1e19, 1e308, Double.infinity])
  func systemClockHugeSleep(seconds: Double) async throws {
    let sleeper = Task { try await SystemClock().sleep(for: seconds) }
    try await Task.sleep(for: .milliseconds(20))
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test(
    "the system clock does not sleep for NaN, -inf or -1e19",
    arguments: [Double.nan, -Double.infinity, -1e19])
  func systemClockNoSleep(seconds: Double) async throws {
    let started = ContinuousClock.now
    try await SystemClock().sleep(for: seconds)
    #expect(ContinuousClock.now - started < .seconds(5))
  }

  @Test("a token whose exp is far in the future or not finite never crashes")
  func farFutureExpiry() throws {
    for exp in ["1e19", "1e308", "-1e19", "9223372036854775808", "\"nan\"", "\"inf\""] {
      let token =
        Base64URL.encode(Data(#"{"alg":"none"}"#.utf8)) + "."
        + Base64URL.encode(Data(#"{"exp": \#(exp)}"#.utf8)) + ".sig"
      let jwt = try JSONWebToken(token)
      _ = jwt.isExpired(at: Date(), leeway: 1e308)
      _ = jwt.description
    }
  }
}
