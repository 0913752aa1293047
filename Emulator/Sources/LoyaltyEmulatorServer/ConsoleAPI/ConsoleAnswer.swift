public import Foundation
import LoyaltyCore

/// What the console answers a request with, before it becomes an HTTP response.
public struct ConsoleAnswer: Sendable {
  /// The HTTP status.
  public let status: Int
  /// The headers, `Content-Type` among them.
  public let headers: [(name: String, value: String)]
  /// The body.
  public let body: Data

  /// A JSON answer.
  static func json(_ value: JSONValue, status: Int = 200) -> ConsoleAnswer {
    let body = (try? value.jsonData()) ?? Data("{}".utf8)
    return ConsoleAnswer(
      status: status,
      headers: [
        ("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store"),
      ],
      body: body)
  }

  /// A file or other bytes of `contentType`.
  static func bytes(_ body: Data, contentType: String, status: Int = 200) -> ConsoleAnswer {
    ConsoleAnswer(
      status: status, headers: [("Content-Type", contentType), ("Cache-Control", "no-store")],
      body: body)
  }

  /// This answer with one more header.
  func adding(_ name: String, _ value: String) -> ConsoleAnswer {
    ConsoleAnswer(status: status, headers: headers + [(name, value)], body: body)
  }
}
