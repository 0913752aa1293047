import LoyaltyCore
import Testing

@Suite("DirectoryLocation")
struct DirectoryLocationTests {
  @Test("distance is the great-circle distance in metres")
  func distance() {
    let athens = DirectoryLocation(latitude: 37.9838, longitude: 23.7275)
    let piraeus = DirectoryLocation(latitude: 37.9429, longitude: 23.6469)
    let metres = athens.distance(to: piraeus)
    #expect(metres > 8_300 && metres < 8_500, "\(metres)")
  }
}
