import Foundation
import LoyaltyCore
import Testing

@Suite("LoyaltyError.seedCode")
struct SeedCodeTests {
  /// What each code gives a migrating host when the error carries no HTTP status.
  static let expected: [(LoyaltyError.Code, Int?)] = [
    (.invalidURL, -1_001), (.transportFailed, -1_000), (.timedOut, -1_001),
    (.notConnected, -1_009), (.cancelled, nil), (.decompressionFailed, -1_002),
    (.invalidResponse, -1_001), (.emptyResponse, -1_002), (.requestEncodingFailed, nil),
    (.responseTooLarge, nil), (.connectionLost, -1_009), (.outcomeUnknown, nil),
    (.invalidKey, 4_001), (.encryptionFailed, 4_002), (.decryptionFailed, 4_003),
    (.invalidCiphertext, 4_004), (.keyGenerationFailed, 4_005), (.invalidPEM, nil),
    (.malformedJWT, nil), (.signingFailed, nil), (.keyStoreFailed, nil),
    (.notAuthenticated, 401), (.refreshRejected, 401), (.refreshFailed, nil),
    (.circuitOpen, nil), (.loginTimedOut, -1_001), (.unauthorized, 401), (.sessionEnded, 401),
    (.decodingFailed, -1_002), (.missingField, -1_002), (.typeMismatch, -1_002),
    (.invalidDate, -1_002),
    (.httpStatus, nil), (.serverStatus, -1), (.rateLimited, 429), (.payloadTooLarge, 413),
    (.missingAppUUID, nil), (.moduleStartFailed, nil), (.queryFailed, nil),
    (.eventTooLarge, nil), (.invalidPushPayload, nil), (.invalidArgument, nil),
    (.internalInconsistency, nil),
  ]

  @Test("every code maps as the table says", arguments: expected.indices)
  func mapsAsDocumented(index: Int) {
    let (code, seed) = Self.expected[index]
    #expect(code.seedCode == seed, "\(code)")
    #expect(LoyaltyError(code, "x").seedCode == seed, "\(code)")
  }

  @Test("no configuration, registry, storage, events, push or general error has a seed code")
  func categoriesWithoutSeedCodes() {
    let none: Set<LoyaltyError.Category> = [
      .configuration, .registry, .storage, .events, .push, .general,
    ]
    for code in LoyaltyError.Code.all where none.contains(code.category) {
      #expect(code.seedCode == nil, "\(code)")
    }
  }

  @Test("an HTTP error gives its status, as the seed's serverError(Int)")
  func httpStatusFromMetadata() {
    for status in [400, 401, 404, 500, 503] {
      let error = LoyaltyError(.httpStatus, "x", metadata: ["status": String(status)])
      #expect(error.seedCode == status)
    }
    #expect(LoyaltyError(.rateLimited, "x", metadata: ["status": "429"]).seedCode == 429)
    #expect(LoyaltyError(.payloadTooLarge, "x", metadata: ["status": "413"]).seedCode == 413)
    #expect(LoyaltyError(.sessionEnded, "x", metadata: ["status": "444"]).seedCode == 444)
    #expect(LoyaltyError(.httpStatus, "x", metadata: ["status": "oops"]).seedCode == nil)
  }

  @Test("a status elsewhere in the metadata does not change a fixed seed code")
  func fixedCodesIgnoreStatus() {
    let declined = LoyaltyError(
      .serverStatus, "x", metadata: ["httpStatus": "200", "serverStatus": "0", "status": "200"])
    #expect(declined.seedCode == -1)
    #expect(LoyaltyError(.timedOut, "x", metadata: ["status": "504"]).seedCode == -1_001)
  }

  @Test("the Docs/Errors.md seed table and the code agree, both ways")
  func documentationAgrees() throws {
    let rows = try Self.documentedRows()
    #expect(!rows.isEmpty)
    var documented = Set<Int>()
    for row in rows {
      let code = try #require(
        LoyaltyError.Code.all.first { $0.rawValue == row.code }, "unknown code \(row.code)")
      #expect(code.name == row.name, "\(row.code)")
      documented.insert(row.code)
      #expect(code.seedCode == row.fallback, "\(code): documented \(row.cell)")
      if row.followsStatus {
        let error = LoyaltyError(code, "x", metadata: ["status": "502"])
        #expect(error.seedCode == 502, "\(code)")
      } else {
        #expect(LoyaltyError(code, "x", metadata: ["status": "502"]).seedCode == row.fallback)
      }
    }
    for code in LoyaltyError.Code.all where !documented.contains(code.rawValue) {
      #expect(code.seedCode == nil, "\(code) has a seed code but no row in Docs/Errors.md")
    }
  }

  /// A row of the "Seed codes" table: `| 3001 | `invalidURL` | -1001 | ... |`.
  struct Row {
    let code: Int
    let name: String
    let cell: String
    /// The number the cell ends with: the seed code without an HTTP status.
    let fallback: Int?
    /// Whether the cell says the HTTP status is the seed code.
    let followsStatus: Bool
  }

  static func documentedRows() throws -> [Row] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/Errors.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: "## Seed codes").dropFirst().first)
    return section.split(separator: "\n").compactMap { line -> Row? in
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 3, let code = Int(cells[0]) else { return nil }
      let cell = cells[2]
      let numbers = cell.split { !($0.isNumber || $0 == "-") }.compactMap { Int($0) }
      return Row(
        code: code, name: cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
        cell: cell, fallback: numbers.last, followsStatus: cell.hasPrefix("the HTTP status"))
    }
  }
}
