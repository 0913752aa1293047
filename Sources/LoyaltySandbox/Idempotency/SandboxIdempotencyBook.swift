import LoyaltyCore

/// The answers given to requests that carried an `Idempotency-Key`, so that a request
/// sent again gets the first answer instead of acting twice.
///
/// An entry is found by its scope: the key, the request's method and path, and the
/// caller as the sandbox can tell it (``SandboxIdempotencyBook/scope(key:method:path:caller:)``).
/// It holds the SHA-256 of the first request's body, which tells a retry (the same body)
/// from a key reused for another request (another body), and the first answer.
///
/// The book keeps the most recent entries, at a limit the caller gives
/// (``SandboxConfiguration/maxIdempotencyKeys``): beyond it the oldest entry is
/// forgotten, and counted; a request sent again with a forgotten key acts again, as new.
struct SandboxIdempotencyBook: Sendable {
  /// What the book holds for a request.
  enum Lookup: Sendable {
    /// The scope is not in the book: the request acts.
    case new
    /// The scope was answered for the same body: this is that answer.
    case replay(SandboxReply)
    /// The scope was answered for another body.
    case conflict
  }

  private struct Entry: Sendable {
    let fingerprint: [UInt8]
    let reply: SandboxReply
    let serial: Int
  }

  private var entries: [String: Entry] = [:]
  private var order = InsertionOrder()
  private var serial = 0
  /// The entries forgotten to keep within the limit, over the book's life.
  private(set) var forgotten = 0

  /// The entries held.
  var count: Int { entries.count }

  /// The scope of a key: the same key from another caller, or for another method or
  /// path, is another entry.
  static func scope(key: String, method: HTTPMethod, path: String, caller: String) -> String {
    "\(caller)\n\(method.rawValue) \(path)\n\(key)"
  }

  /// The SHA-256 of a request body, as entries compare them.
  static func fingerprint(_ body: [UInt8]) -> [UInt8] {
    PortableSHA256.digest(body)
  }

  /// What the book holds for `scope` and a body with `fingerprint`.
  func lookup(_ scope: String, fingerprint: [UInt8]) -> Lookup {
    guard let entry = entries[scope] else { return .new }
    return entry.fingerprint == fingerprint ? .replay(entry.reply) : .conflict
  }

  /// Records the first answer for `scope`, forgetting the oldest entries beyond `limit`.
  mutating func record(
    _ reply: SandboxReply, scope: String, fingerprint: [UInt8], keepingAtMost limit: Int
  ) {
    serial += 1
    let entry = Entry(fingerprint: fingerprint, reply: reply, serial: serial)
    if entries.updateValue(entry, forKey: scope) == nil {
      order.append(scope)
    }
    while entries.count > max(1, limit), let oldest = order.removeOldest() {
      if entries.removeValue(forKey: oldest) != nil {
        forgotten += 1
      }
    }
  }

  /// The entries held, oldest first: each scope's parts and the status it answered.
  var records: [SandboxIdempotencyRecord] {
    entries.sorted { $0.value.serial < $1.value.serial }.map { scope, entry in
      // The scope is "caller\nMETHOD path\nkey" (``scope(key:method:path:caller:)``).
      let parts = scope.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
      let request = parts.count > 1 ? parts[1].split(separator: " ", maxSplits: 1) : []
      return SandboxIdempotencyRecord(
        key: parts.count > 2 ? String(parts[2]) : "",
        method: request.first.map(String.init) ?? "",
        path: request.count > 1 ? String(request[1]) : "",
        caller: parts.first.map(String.init) ?? "", status: entry.reply.status)
    }
  }
}
