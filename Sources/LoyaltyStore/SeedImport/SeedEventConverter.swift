import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns the rows of the seed SDK's event queue into this queue's events.
///
/// - The name is the row's `type`; a row without one is left out.
/// - The time is the row's `time`, read leniently: seconds or milliseconds since 1970 (as
///   a number or as text) or ISO 8601 (`2024-05-01T10:00:00Z`, with fractional seconds,
///   or `2024-05-01 10:00:00`, UTC). A time that cannot be read becomes the import's.
/// - The payload is what the analytics pipeline writes (`event_id`, `name`,
///   `parameters`, `timestamp`), with `data` as the parameters when it is a JSON object;
///   any other `data` is kept as `{"data": "<Base64 of its bytes>"}`, and no `data` gives
///   empty parameters.
/// - The id is a ULID whose time is the event's and whose other 80 bits are derived
///   from the row (its `_id` and content), so importing the same file twice gives the
///   same ids, and the queue (and the server) keep one copy.
struct SeedEventConverter {
  /// What a conversion gives.
  struct Result {
    var events: [QueuedEvent] = []
    var skipped = 0
    var timedAtImport = 0
  }

  /// The time of the import, for events whose time cannot be read.
  let importTime: Date

  func convert(_ rows: [SeedDatabaseReader.Event]) -> Result {
    var result = Result()
    var seen = Set<String>()
    for row in rows {
      guard let name = row.type, !name.isEmpty else {
        result.skipped += 1
        continue
      }
      let timestamp: Date
      if let date = Self.date(row.time) {
        timestamp = date
      } else {
        timestamp = importTime
        result.timedAtImport += 1
      }
      let id = Self.identifier(for: row, at: timestamp)
      guard seen.insert(id).inserted,
        let payload = try? Self.payload(id: id, name: name, timestamp: timestamp, data: row.data)
      else {
        result.skipped += 1
        continue
      }
      result.events.append(
        QueuedEvent(id: id, name: name, timestamp: timestamp, payload: payload))
    }
    return result
  }

  // MARK: - Time

  /// Numbers above this are milliseconds since 1970 (it is the year 5138 in seconds).
  private static let millisecondThreshold = 1e11

  /// The date `time` denotes, or `nil`.
  static func date(_ time: SeedDatabaseReader.Time) -> Date? {
    switch time {
    case .missing: return nil
    case .number(let value): return date(sinceEpoch: value)
    case .text(let raw):
      let text = raw.trimmingWhitespacesAndNewlines()
      if let value = Double(text) { return date(sinceEpoch: value) }
      return isoDate(text)
    }
  }

  private static func date(sinceEpoch value: Double) -> Date? {
    guard value.isFinite, value > 0 else { return nil }
    return Date(timeIntervalSince1970: value > millisecondThreshold ? value / 1_000 : value)
  }

  private static func isoDate(_ text: String) -> Date? {
    guard !text.isEmpty else { return nil }
    var candidates = [text]
    // `2024-05-01 10:00:00` (SQLite's own format), read as UTC.
    if text.count > 10, text.dropFirst(10).first == " " {
      var isoText = String(text.prefix(10)) + "T" + String(text.dropFirst(11))
      if !isoText.hasSuffix("Z"), !isoText.dropFirst(19).contains(where: { "+-".contains($0) }) {
        isoText += "Z"
      }
      candidates.append(isoText)
    }
    for candidate in candidates {
      for style in [
        Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      ] {
        if let date = try? style.parse(candidate) { return date }
      }
    }
    return nil
  }

  // MARK: - Identity and payload

  /// A ULID at `timestamp` whose 80 other bits come from the row: the low 32 bits of its
  /// `_id` (unique in the file) and 48 bits of an FNV-1a hash of its content.
  static func identifier(for row: SeedDatabaseReader.Event, at timestamp: Date) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
      }
      hash = (hash ^ 0xff) &* 0x0000_0100_0000_01b3
    }
    withUnsafeBytes(of: row.rowID.littleEndian) { mix($0) }
    mix((row.type ?? "").utf8)
    switch row.time {
    case .text(let text): mix(text.utf8)
    case .number(let value): withUnsafeBytes(of: value.bitPattern.littleEndian) { mix($0) }
    case .missing: mix([])
    }
    mix(row.data ?? Data())
    let milliseconds = UInt64(saturating: timestamp.timeIntervalSince1970 * 1_000)
    let high = UInt16(truncatingIfNeeded: hash >> 48)
    let low = (hash << 32) | UInt64(UInt32(truncatingIfNeeded: row.rowID))
    return ULIDText.make(milliseconds: milliseconds, high: high, low: low)
  }

  /// The payload the analytics pipeline would have written for the event.
  static func payload(id: String, name: String, timestamp: Date, data: Data?) throws -> Data {
    let parameters: JSONValue
    if let data, !data.isEmpty {
      if let value = try? JSONValue(parsing: data), case .object = value {
        parameters = value
      } else {
        parameters = .object(["data": .string(data.base64EncodedString())])
      }
    } else {
      parameters = .object([:])
    }
    let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(timestamp)
    return try JSONValue.object([
      "event_id": .string(id), "name": .string(name), "parameters": parameters,
      "timestamp": .string(time),
    ]).jsonData()
  }
}
