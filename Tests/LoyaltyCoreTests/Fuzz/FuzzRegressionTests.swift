import Foundation
import LoyaltyCore
import Testing

/// Inputs the fuzzer (Tests/LoyaltyFuzz, Docs/Fuzzing.md) found crashing, each fed to the
/// API that crashed, so the fix stays fixed without the fuzzer.
@Suite("Fuzz regressions: core")
struct CoreFuzzRegressionTests {
  @Test(
    "a whole number too large for Int reads as a loose string instead of trapping",
    arguments: [
      ("123456789012345678901234567890", "1.2345678901234568e+29"),
      ("1e300", "1e+300"),
      ("-1e19", "-1e+19"),
      ("9223372036854775808", "9.223372036854776e+18"),
    ])
  func looseStringOfHugeWholeNumber(_ text: String, _ expected: String) throws {
    let value = try JSONValue(parsing: Data(text.utf8))
    #expect(value.looseString == expected)
    #expect(value.looseInt == nil)
  }

  @Test("a whole number that fits in Int still reads as an integer string")
  func looseStringOfWholeNumber() {
    #expect(JSONValue.number(9_007_199_254_740_994).looseString == "9007199254740994")
    #expect(JSONValue.number(-0.0).looseString == "0")
    #expect(JSONValue.number(2.5).looseString == "2.5")
  }

  @Test(
    "a request timeout or retry base delay above 3600 s is a validation error, not a trap",
    arguments: [
      // The fuzzer's input: a request timeout of 1056964608 s.
      #"{"appUUID":"0123456789abcdef0123456789abcdef","bundleID":"com.example.fuzz","#
        + #""network":{"requestTimeout":1056964608}}"#,
      #"{"appUUID":"0123456789abcdef0123456789abcdef","bundleID":"com.example.fuzz","#
        + #""network":{"requestTimeout":4000,"resourceTimeout":5000}}"#,
    ])
  func hugeRequestTimeout(_ json: String) throws {
    let configuration = try LoyaltyConfiguration(jsonData: Data(json.utf8))
    let codes = configuration.validationErrors().map(\.code)
    #expect(codes == [.invalidTimeout, .invalidTimeout])
  }

  @Test("a retry base delay above 3600 s is one validation error, not a trap")
  func hugeRetryBaseDelay() {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.fuzz")
    configuration.network.retryBaseDelay = 5_000
    configuration.network.retryMaxDelay = 10
    #expect(configuration.validationErrors().map(\.code) == [.invalidRetryDelay])
  }
}
