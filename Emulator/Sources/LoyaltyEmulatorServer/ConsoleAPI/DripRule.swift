import LoyaltyCore
import LoyaltySandbox

/// A dripped answer, which the console adds to the sandbox's faults: the next answers of
/// a call are sent a few bytes at a time, with a pause between, as a slow network or a
/// struggling server sends them. The answer is whole when it arrives; a client whose
/// deadline comes first must end the call at its deadline.
struct DripRule: Sendable, Hashable {
  /// The call, or `nil` for any.
  let call: SandboxEndpoint?
  /// The answers it still applies to.
  var remaining: Int
  /// The bytes sent at a time.
  let bytes: Int
  /// The pause between two sends, in milliseconds.
  let milliseconds: Int

  /// The drip in words: `drip 64 B every 100 ms`.
  var description: String { "drip \(bytes) B every \(milliseconds) ms" }

  /// The limits a drip is set within.
  static let byteRange = 1...65_536
  static let millisecondRange = 1...10_000

  /// Whether it applies to an answer of `endpoint`.
  func applies(to endpoint: SandboxEndpoint) -> Bool {
    call == nil || call == endpoint
  }

  /// The rule a `POST /_emulator/api/faults` body with `kind: drip` describes.
  init(_ body: JSONValue, call: SandboxEndpoint?, count: Int) throws(ConsoleError) {
    guard let bytes = body["bytes"]?.looseInt, Self.byteRange.contains(bytes) else {
      throw ConsoleError(400, "bytes must be between 1 and 65536.")
    }
    let milliseconds = body["intervalMilliseconds"]?.looseInt ?? 100
    guard Self.millisecondRange.contains(milliseconds) else {
      throw ConsoleError(400, "intervalMilliseconds must be between 1 and 10000.")
    }
    self.call = call
    self.remaining = count
    self.bytes = bytes
    self.milliseconds = milliseconds
  }

  /// The rule's line in `GET /_emulator/api/faults`.
  var json: JSONValue {
    [
      "call": .string(call?.rawValue ?? "any"), "fault": .string(description),
      "remaining": .integer(remaining),
    ]
  }
}
