/// Where a read's value came from.
public enum AnswerSource: String, Sendable, Hashable {
  /// A new answer of the server, to this call.
  case network
  /// The server confirmed the cached answer is current (`304 Not Modified`).
  case revalidated
  /// The device's cache, without asking the server: the value is as old as
  /// ``Answered/answeredAt`` says.
  case cache
}
