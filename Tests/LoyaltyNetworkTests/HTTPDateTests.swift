import Foundation
import LoyaltyNetwork
import Testing

@Suite("HTTP dates")
struct HTTPDateTests {
  /// Sun, 06 Nov 1994 08:49:37 GMT.
  static let expected = Date(timeIntervalSince1970: 784_111_777)
  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(
    "reads the three forms of an HTTP date",
    arguments: [
      "Sun, 06 Nov 1994 08:49:37 GMT",
      "Sunday, 06-Nov-94 08:49:37 GMT",
      "Sun Nov  6 08:49:37 1994",
      "sun, 06 nov 1994 08:49:37 GMT",
      "Sun, 6 Nov 1994 08:49:37 GMT",
    ])
  func forms(_ text: String) {
    #expect(HTTPDate.parse(text, now: Self.now) == Self.expected)
  }

  @Test(
    "rejects what is not an HTTP date",
    arguments: [
      "", "soon", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 PST",
      "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT",
      "Sun, 06 Foo 1994 08:49:37 GMT", "Sun 06 Nov 1994 08:49:37 GMT",
      "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov  6 08:49 1994",
      // Each field one past its largest value, and a sign where a digit belongs.
      "Sun, 06 Nov 1994 08:60:37 GMT", "Sun, 06 Nov 1994 08:49:60 GMT",
      "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:+7 GMT",
    ])
  func rejects(_ text: String) {
    #expect(HTTPDate.parse(text, now: Self.now) == nil)
  }

  @Test("two-digit years more than 50 years ahead are in the previous century")
  func twoDigitYears() {
    let in2027 = HTTPDate.parse("Friday, 15-Jan-27 08:00:00 GMT", now: Self.now)
    let in1999 = HTTPDate.parse("Friday, 31-Dec-99 23:59:59 GMT", now: Self.now)
    #expect(in2027 == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(in1999 == Date(timeIntervalSince1970: 946_684_799))
  }

  @Test("a two-digit year exactly 50 years ahead stays in this century; 51 does not")
  func fiftyYearsAhead() {
    // `now` is in 2027: 77 is 2077, 78 is 1978.
    let at = HTTPDate.parse("Friday, 01-Jan-77 00:00:00 GMT", now: Self.now)
    let past = HTTPDate.parse("Sunday, 01-Jan-78 00:00:00 GMT", now: Self.now)
    #expect(at == Date(timeIntervalSince1970: 3_376_684_800))
    #expect(past == Date(timeIntervalSince1970: 252_460_800))
  }

  @Test("the largest time of day is read: 23:59:59")
  func lastSecondOfTheDay() {
    let text = "Sun, 06 Nov 1994 23:59:59 GMT"
    #expect(HTTPDate.parse(text, now: Self.now) == Date(timeIntervalSince1970: 784_166_399))
  }

  @Test("Retry-After takes every HTTP-date form")
  func retryAfter() {
    let now = Date(timeIntervalSince1970: 784_111_767)
    #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 10)
    #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == 10)
    #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:37 1994", now: now) == 10)
    #expect(RetryPolicy.retryAfter(" Sun, 06 Nov 1994 08:49:37 GMT ", now: now) == 10)
  }
}
