#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The pieces of a data export (``LoyaltyClient/exportData()``), written the same way by
/// every module.
extension JSONValue {
  /// A secret named but not shown: `"<masked, 812 characters>"`.
  public static func maskedSecret(_ secret: String) -> JSONValue {
    .string("<masked, \(secret.count) characters>")
  }

  /// A date as ISO 8601 in UTC, with milliseconds: `2026-11-27T07:46:13.120Z`.
  public static func exportDate(_ date: Date) -> JSONValue {
    .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
  }

  /// Stored bytes as the export shows them: JSON as itself, other UTF-8 text as a
  /// string, anything else as `{"base64": ...}`.
  public static func exportValue(of data: Data) -> JSONValue {
    if let value = try? JSONValue(parsing: data) { return value }
    if let text = String(data: data, encoding: .utf8) { return .string(text) }
    return .object(["base64": .string(data.base64EncodedString())])
  }
}
