import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct DataDirectoryCheckTests {
  @Test func anOwnerOnlyDirectoryWithOwnerOnlyFilesIsOk() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Fixture.write("", to: directory.appendingPathComponent("loyalty.sqlite"), mode: 0o600)
    let checks = DataDirectoryCheck.check(directory)
    #expect(checks.map(\.status) == [.ok])
  }

  @Test func aDirectoryOthersCanListIsAWarning() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Fixture.chmod(directory, 0o755)
    let checks = DataDirectoryCheck.check(directory)
    #expect(checks.map(\.status) == [.warning])
    #expect(checks.first?.message.contains("0755") == true)
    #expect(checks.first?.fix == "chmod 700 \(directory.path)")
  }

  @Test func filesOthersCanReadAreAWarningNamingThem() throws {
    let directory = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Fixture.write("", to: directory.appendingPathComponent("a.sqlite"), mode: 0o644)
    try Fixture.write("", to: directory.appendingPathComponent("b.key"), mode: 0o600)
    let checks = DataDirectoryCheck.check(directory)
    #expect(checks.map(\.status) == [.ok, .warning])
    #expect(checks.last?.message.contains("a.sqlite (0644)") == true)
    #expect(checks.last?.message.contains("b.key") == false)
  }

  @Test func aMissingDirectoryUnderAWritableParentIsOk() throws {
    let parent = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let directory = parent.appendingPathComponent("loyalty/com.example.app")
    let checks = DataDirectoryCheck.check(directory)
    #expect(checks.map(\.status) == [.ok])
    #expect(checks.first?.message.contains("does not exist yet") == true)
  }

  @Test func aFileWhereTheDirectoryShouldBeIsAnError() throws {
    let parent = try Fixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: parent) }
    let file = parent.appendingPathComponent("data")
    try Fixture.write("", to: file)
    #expect(DataDirectoryCheck.check(file).map(\.status) == [.error])
  }

  @Test(.disabled(if: Fixture.isRoot, "root writes through any mode"))
  func anUnwritableDirectoryIsAnError() throws {
    let directory = try Fixture.temporaryDirectory()
    defer {
      try? Fixture.chmod(directory, 0o700)
      try? FileManager.default.removeItem(at: directory)
    }
    try Fixture.chmod(directory, 0o500)
    #expect(DataDirectoryCheck.check(directory).map(\.status) == [.error])
  }

  @Test func octalHasFourDigits() {
    #expect(DataDirectoryCheck.octal(0o700) == "0700")
    #expect(DataDirectoryCheck.octal(0o44) == "0044")
  }
}
