import Foundation
import LoyaltyCore

#if canImport(Glibc)
  import Glibc
#endif

/// The host's journal: one JSON object per line, each written and `fsync`ed before the
/// call returns, so a line survives a kill -9 the moment after. `scripts/chaos` reads it
/// at the end and checks it against the emulator's ledger.
///
/// It lives outside the client's data directory: an erasure must not delete it, and a
/// full disk there must not stop it.
final class HostJournal: Sendable {
  private let descriptor: Int32
  /// The journal's path.
  let path: String

  /// Opens (or creates) the journal at `path` for appending.
  init(path: String) throws(HostError) {
    self.path = path
    descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
    guard descriptor >= 0 else {
      throw HostError("cannot open the journal \(path): errno \(errno)")
    }
  }

  deinit {
    close(descriptor)
  }

  /// Appends `fields` with `op` and the wall-clock time `at` (seconds since 1970, the
  /// clock the emulator's ledger uses), and waits until the line is on disk.
  func write(_ op: String, _ fields: [String: JSONValue] = [:], at time: Date = Date()) {
    var object = fields
    object["op"] = .string(op)
    object["at"] = .number(time.timeIntervalSince1970)
    guard var line = try? JSONValue.object(object).jsonData() else { return }
    line.append(0x0A)
    line.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
    fsync(descriptor)
  }
}
