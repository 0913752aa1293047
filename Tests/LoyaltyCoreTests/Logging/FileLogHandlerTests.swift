import Foundation
import LoyaltyCore
import Testing

/// The file log: one line per record, rotated by size, every line kept under concurrent
/// writes.
@Suite("File logging")
struct FileLogHandlerTests {
  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  static func directory() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("FileLogHandlerTests-\(UUID().uuidString)", isDirectory: true)
  }

  static func record(_ message: String) -> LogRecord {
    LogRecord(date: date, level: .info, label: "Test", message: message)
  }

  /// The bytes one record `message` takes in the file.
  static func lineLength(_ message: String) -> Int {
    record(message).formatted.utf8.count + 1
  }

  static func lines(_ url: URL) -> [String] {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init)
  }

  static func size(_ url: URL) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
  }

  @Test("a record is written as its formatted line, owner-only")
  func write() throws {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = FileLogHandler(directory: directory)
    #expect(handler.files.isEmpty)
    handler.handle(Self.record("hello file"))
    handler.handle(Self.record("second"))
    let file = directory.appendingPathComponent("loyalty.log")
    #expect(
      Self.lines(file) == [Self.record("hello file").formatted, Self.record("second").formatted])
    #expect(handler.files.map(\.lastPathComponent) == ["loyalty.log"])
    let fileMode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect(fileMode as? Int == 0o600)
    let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[
      .posixPermissions]
    #expect(directoryMode as? Int == 0o700)
    #expect(FileLogHandler.defaultMaxFileSize == 1_048_576)
    #expect(FileLogHandler.defaultMaxFiles == 5)
  }

  @Test("a file may reach the size limit exactly; the next line rotates it")
  func rotationAtTheLimit() {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let length = Self.lineLength("line-1")
    let handler = FileLogHandler(directory: directory, maxFileSize: 3 * length)
    for index in 1...3 { handler.handle(Self.record("line-\(index)")) }
    #expect(Self.size(handler.fileURL(0)) == 3 * length)
    #expect(handler.files.count == 1)
    handler.handle(Self.record("line-4"))
    #expect(Self.size(handler.fileURL(1)) == 3 * length)
    #expect(Self.lines(handler.fileURL(0)) == [Self.record("line-4").formatted])
    #expect(handler.files.map(\.lastPathComponent) == ["loyalty.log", "loyalty.1.log"])
  }

  @Test("a line that would go one byte over the limit rotates first")
  func rotationOneByteOver() {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let length = Self.lineLength("line-1")
    let handler = FileLogHandler(directory: directory, maxFileSize: 3 * length - 1)
    for index in 1...3 { handler.handle(Self.record("line-\(index)")) }
    #expect(Self.size(handler.fileURL(1)) == 2 * length)
    #expect(Self.lines(handler.fileURL(0)) == [Self.record("line-3").formatted])
  }

  @Test("at most maxFiles files are kept, the oldest deleted")
  func maxFilesKept() {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let length = Self.lineLength("line-1")
    let handler = FileLogHandler(directory: directory, maxFileSize: length, maxFiles: 3)
    for index in 1...5 { handler.handle(Self.record("line-\(index)")) }
    #expect(
      handler.files.map(\.lastPathComponent) == ["loyalty.log", "loyalty.1.log", "loyalty.2.log"])
    #expect(Self.lines(handler.fileURL(0)) == [Self.record("line-5").formatted])
    #expect(Self.lines(handler.fileURL(1)) == [Self.record("line-4").formatted])
    #expect(Self.lines(handler.fileURL(2)) == [Self.record("line-3").formatted])
    #expect(!FileManager.default.fileExists(atPath: handler.fileURL(3).path))
  }

  @Test("a new handler appends to the file an earlier one left, counting its size")
  func reopenAppends() {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let length = Self.lineLength("line-1")
    FileLogHandler(directory: directory, maxFileSize: 2 * length).handle(Self.record("line-1"))
    let again = FileLogHandler(directory: directory, maxFileSize: 2 * length)
    again.handle(Self.record("line-2"))
    #expect(Self.lines(again.fileURL(0)).count == 2)
    again.handle(Self.record("line-3"))
    #expect(Self.lines(again.fileURL(1)).count == 2)
  }

  @Test("concurrent writes from many tasks, across rotations, lose no line")
  func concurrentWrites() async {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let length = Self.lineLength("task-00-line-00")
    let handler = FileLogHandler(directory: directory, maxFileSize: 10 * length, maxFiles: 200)
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<40 {
        group.addTask {
          for line in 0..<25 {
            handler.handle(
              Self.record("task-\(task < 10 ? "0" : "")\(task)-line-\(line < 10 ? "0" : "")\(line)")
            )
          }
        }
      }
    }
    let all = handler.files.flatMap(Self.lines)
    #expect(all.count == 1_000)
    #expect(Set(all).count == 1_000)
    #expect(all.allSatisfy { $0.hasPrefix(Self.record("").formatted) })
    #expect(handler.files.count == 100)
  }

  @Test("after close, records are dropped")
  func closed() {
    let directory = Self.directory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let handler = FileLogHandler(directory: directory)
    handler.handle(Self.record("before"))
    handler.close()
    handler.handle(Self.record("after"))
    #expect(Self.lines(handler.fileURL(0)) == [Self.record("before").formatted])
  }

  @Test("the settings: off by default, 1 MiB and 5 files, read and written by name")
  func settings() throws {
    let defaults = LoggingConfiguration()
    #expect(!defaults.fileLogging)
    #expect(defaults.maxFileSize == 1_048_576)
    #expect(defaults.maxFiles == 5)
    let decoded = try JSONDecoder().decode(
      LoggingConfiguration.self,
      from: Data(#"{"fileLogging": true, "maxFileSize": 4096, "maxFiles": 2}"#.utf8))
    #expect(decoded.fileLogging && decoded.maxFileSize == 4_096 && decoded.maxFiles == 2)
    let again = try JSONDecoder().decode(
      LoggingConfiguration.self, from: try JSONEncoder().encode(decoded))
    #expect(again == decoded)
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.file-log")
    configuration.database.directory = "/var/data/app"
    #expect(configuration.logDirectory.path == "/var/data/app/Logs")
    #expect(configuration.summary["logging.fileLogging"] == "false")
    configuration.logging = decoded
    #expect(configuration.summary["logging.fileLogging"] == "true (4096 bytes, 2 files)")
  }
}
