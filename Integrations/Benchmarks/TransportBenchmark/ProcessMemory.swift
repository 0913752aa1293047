import Foundation

/// The process's memory, as Linux reports it in `/proc/self/status`.
enum ProcessMemory {
  /// The resident memory now, in bytes (`VmRSS`).
  static var resident: Int { field("VmRSS:") }

  /// The most resident memory the process has had, in bytes (`VmHWM`).
  static var peak: Int { field("VmHWM:") }

  /// Starts a new peak from the memory resident now (Linux 4.0 and later: writing `5` to
  /// `/proc/self/clear_refs`); the peak stays as it was where that is refused.
  static func resetPeak() {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
    try? file.write(contentsOf: Data("5".utf8))
    try? file.close()
  }

  private static func field(_ name: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in text.split(separator: "\n") where line.hasPrefix(name) {
      let kilobytes = line.dropFirst(name.count)
        .split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
      return (kilobytes ?? 0) * 1_024
    }
    return 0
  }
}
