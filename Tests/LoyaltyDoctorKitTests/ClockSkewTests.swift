import Testing

@testable import LoyaltyDoctorKit

@Suite struct ClockSkewTests {
  @Test(arguments: [
    (0.0, DoctorStatus.ok), (30, .ok), (-30, .ok), (30.5, .warning), (-31, .warning),
    (300, .warning), (-300, .warning), (300.5, .error), (-3_600, .error),
  ])
  func thresholds(skew: Double, expected: DoctorStatus) {
    #expect(ClockSkew.check(skew: skew).status == expected)
  }

  @Test func messageSaysWhichWayTheClockIsOff() {
    #expect(ClockSkew.check(skew: 45).message.contains("45 s behind"))
    #expect(ClockSkew.check(skew: -45).message.contains("45 s ahead of"))
    #expect(ClockSkew.check(skew: -400).fix?.contains("synchronize") == true)
  }
}
