import LoyaltyCore

/// A console request that cannot be served: its HTTP status and a sentence saying why,
/// answered as `{"error": "..."}`.
struct ConsoleError: Error, Sendable {
  /// The HTTP status.
  let status: Int
  /// Why, in a sentence.
  let message: String

  init(_ status: Int, _ message: String) {
    self.status = status
    self.message = message
  }

  /// The answer the console sends.
  var answer: ConsoleAnswer {
    .json(["error": .string(message)], status: status)
  }
}
