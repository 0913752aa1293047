import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct HTTPDateTests {
  @Test func readsAnIMFFixdate() {
    let date = HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(date == Date(timeIntervalSince1970: 784_111_777))
  }

  @Test(arguments: [
    "", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT",
    "Sun, 06 Nov 1994 25:49:37 GMT",
  ])
  func refusesOtherForms(text: String) {
    #expect(HTTPDate.parse(text) == nil)
  }
}
