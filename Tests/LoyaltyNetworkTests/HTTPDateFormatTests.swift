import Foundation
import LoyaltyNetwork
import Testing

@Suite("HTTP dates: writing")
struct HTTPDateFormatTests {
  @Test(
    "writes an IMF-fixdate, as a Date header is sent",
    arguments: [
      (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
      (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
      (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
      (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
      (1_800_000_000, "Fri, 15 Jan 2027 08:00:00 GMT"),
      (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
    ] as [(TimeInterval, String)])
  func format(_ seconds: TimeInterval, _ expected: String) {
    #expect(HTTPDate.format(Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test("drops fractions of a second and keeps to the years 0 to 9999")
  func edges() {
    #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777.999)).hasSuffix("08:49:37 GMT"))
    #expect(HTTPDate.format(Date(timeIntervalSince1970: 1e300)) == "Fri, 31 Dec 9999 23:59:59 GMT")
    #expect(HTTPDate.format(Date(timeIntervalSince1970: -1e300)).contains(" 0000 "))
  }

  @Test("what it writes reads back as the same second, every day of a leap year and more")
  func roundTrip() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var seconds: TimeInterval = 946_684_800 - 86_400 * 3  // 2000 and around it
    while seconds < 946_684_800 + 86_400 * 400 {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(HTTPDate.parse(HTTPDate.format(date), now: now) == date)
      seconds += 86_400 + 3_599
    }
  }
}
