import Foundation
import Testing

@testable import LoyaltyEvents

@Suite("Analytics payload: written by hand, byte for byte JSONEncoder's")
struct AnalyticsPayloadTests {
  /// What the payload was before it was written by hand: `JSONEncoder` with sorted keys
  /// and unescaped slashes, the time from the ISO 8601 format style.
  private struct Reference: Encodable {
    let eventID: String
    let name: String
    let timestamp: String
    let parameters: [String: String]

    enum CodingKeys: String, CodingKey {
      case eventID = "event_id"
      case name, timestamp, parameters
    }
  }

  private static func reference(_ event: AnalyticsEvent) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let stamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(event.timestamp)
    return try encoder.encode(
      Reference(
        eventID: event.id, name: event.name, timestamp: stamp, parameters: event.parameters))
  }

  /// A small deterministic generator, so a failure can be reproduced.
  private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var mixed = state
      mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
      mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
      return mixed ^ (mixed >> 31)
    }
  }

  /// Every ASCII character (controls, quotes, backslash, slash, DEL) and a choice of
  /// others: accents, combining marks, separators JavaScript treats as line breaks, a
  /// byte-order mark, emoji, the last scalar.
  private static let alphabet: [Unicode.Scalar] =
    (0..<0x80).compactMap(Unicode.Scalar.init)
    + [
      "é", "ä", "\u{0301}", "\u{00A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "中", "😀",
      "\u{10FFFF}",
    ]

  private static func text(_ generator: inout SeededGenerator, maxLength: Int) -> String {
    let length = Int.random(in: 0...maxLength, using: &generator)
    var scalars = String.UnicodeScalarView()
    for _ in 0..<length {
      scalars.append(alphabet.randomElement(using: &generator) ?? "a")
    }
    return String(scalars)
  }

  @Test("the edges of the years 1 to 9999, inside and just outside")
  func yearEdges() throws {
    // 0001-01-01T00:00:00Z on the proleptic Gregorian calendar, where the format style
    // has switched to the Julian one (it writes 0001-01-03).
    let first = AnalyticsEvent(
      id: "e", name: "n", timestamp: Date(timeIntervalSince1970: -62_135_596_800),
      parameters: [:])
    #expect(
      String(decoding: first.payload(), as: UTF8.self).hasSuffix(
        #""timestamp":"0001-01-01T00:00:00.000Z"}"#))
    // The second before it, 9999-12-31T23:59:59.5Z and the second after: the format
    // style's bytes (outside the years 1 to 9999 it writes them itself).
    for seconds: TimeInterval in [-62_135_596_801, 253_402_300_799.5, 253_402_300_800] {
      let event = AnalyticsEvent(
        id: "e", name: "n", timestamp: Date(timeIntervalSince1970: seconds), parameters: [:])
      let written = String(decoding: event.payload(), as: UTF8.self)
      let expected = String(decoding: try Self.reference(event), as: UTF8.self)
      #expect(written == expected, "\(seconds)")
    }
    #expect(
      String(
        decoding: AnalyticsEvent(
          id: "e", name: "n", timestamp: Date(timeIntervalSince1970: 253_402_300_799.5),
          parameters: [:]
        ).payload(), as: UTF8.self
      ).hasSuffix(#""9999-12-31T23:59:59.500Z"}"#))
  }

  @Test("5,000 generated events: the same bytes as JSONEncoder")
  func generatedEvents() throws {
    var generator = SeededGenerator(state: 19)
    for index in 0..<5_000 {
      let count = [0, 1, 2, 5, 40].randomElement(using: &generator) ?? 0
      var parameters: [String: String] = [:]
      for _ in 0..<count {
        parameters[Self.text(&generator, maxLength: 12)] = Self.text(&generator, maxLength: 30)
      }
      // Any time from 1900 to 2100, often with a fraction of a millisecond.
      let seconds = Double.random(in: -2_200_000_000...4_100_000_000, using: &generator)
      let event = AnalyticsEvent(
        id: Self.text(&generator, maxLength: 26), name: Self.text(&generator, maxLength: 20),
        timestamp: Date(
          timeIntervalSince1970: index.isMultiple(of: 2) ? seconds : seconds.rounded()),
        parameters: parameters)
      let written = event.payload()
      let expected = try Self.reference(event)
      #expect(
        written == expected,
        "\(String(decoding: written, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self))"
      )
      if written != expected { return }
    }
  }

  @Test(
    "edge cases: the same bytes as JSONEncoder",
    arguments: [
      AnalyticsEvent(id: "", name: "", timestamp: Date(timeIntervalSince1970: 0), parameters: [:]),
      AnalyticsEvent(
        id: "01J", name: #"a "quoted" \ back/slash"#,
        timestamp: Date(timeIntervalSince1970: 1_800_000_000.9995),
        parameters: [
          "url": "https://example.com/a/b?c=d", "": "", "tab": "\t\n\r\u{8}\u{C}\u{0}\u{1F}\u{7F}",
        ]),
      AnalyticsEvent(
        id: "x", name: "millisecond edges",
        timestamp: Date(timeIntervalSince1970: 1_800_000_000.999_999_9),
        parameters: ["B": "1", "a": "2", "a10": "3", "a2": "4", "_": "5", "é": "6", "Z": "7"]),
      AnalyticsEvent(
        id: "y", name: "before 1970", timestamp: Date(timeIntervalSince1970: -0.000_5),
        parameters: ["unicode": "中文 😀 \u{2028} \u{FEFF} e\u{0301}"]),
      AnalyticsEvent(
        id: "z", name: "leap day", timestamp: Date(timeIntervalSinceReferenceDate: 730_857_599.123),
        parameters: Dictionary(uniqueKeysWithValues: (0..<2_000).map { ("key\($0)", String($0)) })),
    ])
  func edgeCases(_ event: AnalyticsEvent) throws {
    #expect(event.payload() == (try Self.reference(event)))
  }

  @Test("a large parameter map is written whole")
  func largeMap() throws {
    let parameters = Dictionary(
      uniqueKeysWithValues: (0..<5_000).map {
        ("k\($0)/\u{1}", String(repeating: "v\"", count: $0 % 7))
      })
    let event = AnalyticsEvent(
      id: "large", name: "large", timestamp: Date(timeIntervalSince1970: 1_700_000_000.25),
      parameters: parameters)
    #expect(event.payload() == (try Self.reference(event)))
  }
}
