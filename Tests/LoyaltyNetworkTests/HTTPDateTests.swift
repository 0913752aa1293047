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

  @Test(
    "a two-digit year up to exactly 50 years ahead is in this century, past it the previous",
    arguments: [
      // `now` is in 2027: 27 is 2027, 99 is 1999, 77 (50 years ahead) is 2077, 78 is 1978.
      ("Friday, 15-Jan-27 08:00:00 GMT", 1_800_000_000),
      ("Friday, 31-Dec-99 23:59:59 GMT", 946_684_799),
      ("Friday, 01-Jan-77 00:00:00 GMT", 3_376_684_800),
      ("Sunday, 01-Jan-78 00:00:00 GMT", 252_460_800),
    ] as [(String, TimeInterval)])
  func twoDigitYears(_ text: String, _ seconds: TimeInterval) {
    #expect(HTTPDate.parse(text, now: Self.now) == Date(timeIntervalSince1970: seconds))
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
