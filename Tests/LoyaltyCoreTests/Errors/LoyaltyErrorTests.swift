import Foundation
import LoyaltyCore
import Testing

@Suite("LoyaltyError")
struct LoyaltyErrorTests {
  @Test("codes and names are unique")
  func uniqueCodes() {
    let codes = LoyaltyError.Code.all
    #expect(Set(codes.map(\.rawValue)).count == codes.count)
    #expect(Set(codes.map(\.name)).count == codes.count)
  }

  @Test("the thousands digit tells the category")
  func categoriesByRange() {
    let ranges: [LoyaltyError.Category: ClosedRange<Int>] = [
      .configuration: 1_000...1_999, .registry: 2_000...2_999, .network: 3_000...3_999,
      .security: 4_000...4_999, .storage: 5_000...5_999, .session: 6_000...6_999,
      .events: 7_000...7_999, .push: 8_000...8_999, .decoding: 9_000...9_999,
      .server: 10_000...10_999, .general: 11_000...11_999, .location: 12_000...12_099,
      .flow: 13_000...13_099, .directory: 14_000...14_099,
    ]
    for code in LoyaltyError.Code.all {
      #expect(ranges[code.category]?.contains(code.rawValue) == true, "\(code)")
    }
  }

  @Test("the seed's encryption codes keep their numbers")
  func seedEncryptionCodes() {
    #expect(LoyaltyError.Code.invalidKey.rawValue == 4_001)
    #expect(LoyaltyError.Code.decryptionFailed.rawValue == 4_003)
    #expect(LoyaltyError.Code.keyGenerationFailed.rawValue == 4_005)
  }

  @Test("descriptions carry the code, name, metadata and cause")
  func description() {
    let error = LoyaltyError(
      .httpStatus, "The server answered 503.", metadata: ["status": "503", "path": "/x"],
      underlying: TestFailure(message: "boom"))
    #expect(
      error.description
        == "[LOY-10001 server.httpStatus] The server answered 503. (path=/x, status=503) "
        + "Caused by: boom")
    #expect(error == error)
    #expect(error.code == .httpStatus)
  }
}

@Suite("Docs/Errors.md")
struct ErrorDocumentationTests {
  @Test("lists every code with its number and name")
  func documentsEveryCode() throws {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/Errors.md"), encoding: .utf8)
    for code in LoyaltyError.Code.all {
      #expect(page.contains("| \(code.rawValue) | `\(code.name)` |"), "\(code)")
    }
  }
}
