import LoyaltyCore
import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct DoctorTests {
  private let libraries = SystemLibraries(
    sqliteVersion: "3.46.1", sqliteRTree: true, sqliteFTS5: true,
    cryptoVersion: "OpenSSL 3.0.15", cryptoVersionNumber: 0x3000_00f0, zlibVersion: "1.3")

  private func report(
    _ options: DoctorOptions, _ handler: @escaping InMemoryHTTPTransport.Handler
  ) async -> DoctorReport {
    let transport = InMemoryHTTPTransport(handler: handler)
    let doctor = Doctor(options: options, libraries: libraries) { _ in transport }
    return await doctor.run()
  }

  @Test func aHealthySetupExitsWithZero() async throws {
    let data = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: data) }
    let configuration = try writeConfiguration(dataDirectory: data)
    let options = DoctorOptions(
      configFile: configuration, links: ["App": ["LoyaltyCore", "LoyaltyStore"]])
    let report = await report(options) { _ in
      HTTPResponse(status: 404, headers: ["Date": Self.httpDate(Date())])
    }
    #expect(
      report.checks.map(\.area) == [
        "configuration", "sqlite", "libcrypto", "zlib", "base URL", "clock", "data directory",
        "products",
      ])
    #expect(report.exitStatus == 0)
  }

  @Test func anUnreachableBaseURLExitsNonZero() async throws {
    let options = DoctorOptions(
      configFile: Fixture.validConfiguration, baseURL: URL(string: "http://127.0.0.1:9"),
      links: [:])
    let report = await report(options) { _ in
      throw LoyaltyError(.notConnected, "Could not connect to the server.")
    }
    #expect(report.exitStatus == 1)
    let errors = report.checks.filter { $0.status == .error }
    #expect(errors.map(\.area) == ["base URL"])
    #expect(errors.first?.message.contains("http://127.0.0.1:9") == true)
  }

  @Test func withoutAConfigurationTheDependentChecksAreSkippedAsWarnings() async {
    let report = await report(DoctorOptions(links: [:])) { _ in HTTPResponse(status: 200) }
    let skipped = report.checks.filter { $0.message.hasPrefix("skipped") }
    #expect(skipped.map(\.area) == ["base URL", "data directory"])
    #expect(report.exitStatus == 0)
  }

  @Test func theConfigurationPathIsShownRelativeToThePackage() async {
    let fixture = Fixture.validConfiguration
    let package = fixture.deletingLastPathComponent().deletingLastPathComponent()
    let options = DoctorOptions(
      configFile: fixture, baseURL: URL(string: "http://127.0.0.1:8080"),
      packageDirectory: package)
    let report = await report(options) { _ in HTTPResponse(status: 200) }
    #expect(report.checks.first?.message.hasPrefix("Fixtures/loyalty.json is valid") == true)
  }

  private func writeConfiguration(dataDirectory: URL) throws -> URL {
    var configuration = try LoyaltyConfiguration(contentsOf: Fixture.validConfiguration)
    configuration.database.directory = dataDirectory.path
    let url = dataDirectory.appendingPathComponent("loyalty.json")
    try configuration.write(to: url)
    return url
  }

  /// `date` as an IMF-fixdate.
  private static func httpDate(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970)
    let (year, month, day) = CivilCalendar.date(days: seconds / 86_400)
    let names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    let time = seconds % 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "Thu, \(two(day)) \(names[month - 1]) \(year) "
      + "\(two(time / 3_600)):\(two(time / 60 % 60)):\(two(time % 60)) GMT"
  }
}
