import Testing

@testable import LoyaltyDoctorKit

@Suite struct DoctorReportTests {
  @Test func anErrorLineMakesTheExitStatusNonZero() {
    let report = DoctorReport(checks: [
      .ok("sqlite", "SQLite 3.46.1"),
      .error("base URL", "http://127.0.0.1:9 did not answer", fix: "start the backend"),
    ])
    #expect(report.status == .error)
    #expect(report.exitStatus == 1)
  }

  @Test func warningsAloneExitWithZero() {
    let report = DoctorReport(checks: [
      .ok("sqlite", "SQLite 3.46.1"),
      .warning("clock", "45 s behind", fix: "synchronize the clock"),
    ])
    #expect(report.status == .warning)
    #expect(report.exitStatus == 0)
    #expect(DoctorReport().exitStatus == 0)
  }

  @Test func textAlignsColumnsAndIndentsFixesUnderTheMessage() {
    let report = DoctorReport(checks: [
      .ok("zlib", "zlib 1.3"),
      .error("base URL", "did not answer", fix: "start the backend"),
    ])
    let expected = """
      ok       zlib      zlib 1.3
      error    base URL  did not answer
                         fix: start the backend
      1 ok, 0 warning(s), 1 error(s)

      """
    #expect(report.text == expected)
  }

  @Test func anOkLineCarriesNoFix() {
    #expect(DoctorCheck("zlib", .ok, "zlib 1.3", fix: "ignored").fix == nil)
  }
}
