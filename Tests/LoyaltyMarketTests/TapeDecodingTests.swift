import Foundation
import LoyaltyCore
import Testing

@testable import LoyaltyMarket

/// The tape decoder's own reads, through plain `Decodable` types, against `JSONDecoder`:
/// the same values, and the same `DecodingError` cases with the same coding paths.
@Suite("Decoding from the parser's tape, against JSONDecoder")
struct TapeDecodingTests {
  struct Inner: Decodable, Hashable {
    let name: String
    let count: Int?
    let link: URL?
  }

  struct Probe: Decodable, Hashable {
    let id: Int
    let ratio: Double
    let flag: Bool
    let small: Int8?
    let inner: Inner
    let list: [Inner]
    let tags: [String]?
    let raw: JSONValue?
  }

  /// A value or the error's case and coding path.
  static func outcome(_ decode: () throws -> Probe) -> String {
    do {
      return "\(try decode())"
    } catch let error as DecodingError {
      switch error {
      case .typeMismatch(let type, let context):
        return "typeMismatch \(type) at \(context.codingPath.map(\.stringValue))"
      case .valueNotFound(let type, let context):
        return "valueNotFound \(type) at \(context.codingPath.map(\.stringValue))"
      case .keyNotFound(let key, let context):
        return "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
      case .dataCorrupted(let context):
        return "dataCorrupted at \(context.codingPath.map(\.stringValue))"
      @unknown default:
        return "\(error)"
      }
    } catch {
      return "other: \(error)"
    }
  }

  static let valid: JSONValue = [
    "id": 7, "ratio": 1.5, "flag": true, "small": 12,
    "inner": ["name": "a", "count": 3, "link": "https://example.com/a"],
    "list": [["name": "b"], ["name": "c", "count": 2.0]], "tags": ["x", "y"],
    "raw": ["any": [1, "two", nil]],
  ]

  @Test("values, type mismatches, missing keys and nulls match JSONDecoder")
  func errors() throws {
    var generator = SplitMix(seed: 23)
    var failures = 0
    for round in 0..<600 {
      let value = round == 0 ? Self.valid : Drift.apply(to: Self.valid, rate: 0.2, &generator)
      let body = try value.jsonData()
      let foundation = Self.outcome { try JSONDecoder().decode(Probe.self, from: body) }
      let tape = Self.outcome {
        try Probe(from: JSONTapeDecoder(try JSONTape(parsing: body)))
      }
      #expect(tape == foundation, "\(String(decoding: body, as: UTF8.self))")
      if !foundation.hasPrefix("Probe(") { failures += 1 }
    }
    #expect(failures > 100, "the drifted bodies hardly failed: \(failures)")
  }

  @Test("duplicate keys: the first wins, as in JSONValue")
  func duplicates() throws {
    let body = Data(#"{"a": 1, "b": {"c": 2}, "a": 3, "\u0062": 4}"#.utf8)
    let tape = try JSONTape(parsing: body)
    let a = try #require(tape.member(0, "a"))
    #expect(tape.integer(a) == 1)
    let b = try #require(tape.member(0, "b"))
    #expect(tape.kind(b) == .object)
    #expect(tape.value(0) == (try JSONValue(parsing: body)))
    #expect(tape.member(0, "c") == nil)
  }
}
