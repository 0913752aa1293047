import Dispatch
import Foundation
import LoyaltyCore
import LoyaltyTestSupport
import Testing

@testable import LoyaltyStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite(
  "StoreDatabase: statements on the database's own thread",
  .timeLimit(.minutes(TestTime.minutes(1))))
struct DatabaseThreadTests {
  private static let configuration = LoyaltyConfiguration(
    appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.store-tests",
    preset: .testing)

  @Test("statements run on the database's thread, not on the calling task's")
  func statementsRunOffThePool() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let executor = try #require(database.executor)
    let caller = pthread_self()
    let (name, onDatabaseThread, differs) = try await database.withConnection { _ in
      (Self.threadName(), executor.isCurrent, pthread_equal(pthread_self(), caller) == 0)
    }
    #expect(onDatabaseThread)
    #expect(differs)
    #if os(Linux)
      #expect(name == "LoyaltyStore")
    #else
      _ = name
    #endif
    // The stores go through the same thread.
    let queue = SQLiteEventQueue(database: database)
    try await queue.append([StoreTestSupport.event(0)])
    #expect(try await queue.count() == 1)
  }

  @Test("an append cancelled while it waits for the thread throws and writes nothing")
  func cancelledAppendWritesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    defer { database.close() }
    let executor = try #require(database.executor)
    let queue = SQLiteEventQueue(database: database)
    let gate = DispatchSemaphore(value: 0)
    let blocker = try await StoreTestSupport.block(database, until: gate)
    let append = Task { try await queue.append([StoreTestSupport.event(1)]) }
    while executor.pendingCount < 1 { await Task.yield() }
    append.cancel()
    await #expect(throws: CancellationError.self) { try await append.value }
    gate.signal()
    try await blocker.value
    #expect(try await queue.count() == 0)
  }

  @Test("closing under load finishes queued work: every append that returned is on disk")
  func closeUnderLoad() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try StoreTestSupport.open(in: directory)
    let queue = SQLiteEventQueue(database: database)
    let appended = await withTaskGroup(of: String?.self) { group -> Set<String> in
      for index in 0..<300 {
        group.addTask {
          let event = StoreTestSupport.event(index)
          do {
            try await queue.append([event])
            return event.id
          } catch let error as LoyaltyError {
            // Refused after the close; anything else is a failure.
            #expect(error.code == .databaseClosed)
            return nil
          } catch {
            Issue.record("Unexpected error: \(error)")
            return nil
          }
        }
      }
      group.addTask {
        await Task.yield()
        await database.closeSuspending()
        return nil
      }
      var ids = Set<String>()
      for await id in group {
        if let id { ids.insert(id) }
      }
      return ids
    }
    #expect(!database.isOpen)
    let reopened = try StoreTestSupport.open(in: directory)
    defer { reopened.close() }
    let stored = try await SQLiteEventQueue(database: reopened).claim(
      maxCount: 1_000, maxBytes: 1_000_000)
    #expect(Set(stored.map(\.id)) == appended)
  }

  @Test("an in-memory database has no thread: its statements do no I/O")
  func inMemoryHasNoThread() async throws {
    let database = try await StoreDatabase.open(
      location: .inMemory, configuration: Self.configuration)
    #expect(database.executor == nil)
    let queue = SQLiteEventQueue(database: database)
    try await queue.append([StoreTestSupport.event(0)])
    #expect(try await queue.count() == 1)
    await database.closeSuspending()
    #expect(!database.isOpen)
    await #expect(throws: LoyaltyError.self) { try await queue.count() }
  }

  #if os(Linux)
    @Test("opening and closing 100 databases leaves no thread behind")
    func noThreadLeaks() async throws {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      var threads: [String] = []
      for index in 0..<100 {
        let database: StoreDatabase
        if index.isMultiple(of: 2) {
          database = try StoreTestSupport.open("store-\(index).db", in: directory)
        } else {
          database = try await StoreDatabase.open(
            location: .file(directory.file("store-\(index).db")),
            configuration: StoreTestSupport.configuration(directory: directory))
        }
        threads.append(try await database.withConnection { _ in Self.taskDirectory() })
        if index.isMultiple(of: 3) {
          await database.closeSuspending()
        } else {
          database.close()
        }
        #expect(!database.isOpen)
      }
      for thread in threads {
        #expect(access(thread, F_OK) != 0, "\(thread) still exists")
      }
    }
  #endif

  // MARK: - Helpers

  /// The calling thread's name, from `/proc` on Linux.
  static func threadName() -> String {
    #if os(Linux)
      let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
      return name.trimmingCharacters(in: .whitespacesAndNewlines)
    #else
      return ""
    #endif
  }

  /// `/proc/self/task/<tid>` for the calling thread.
  static func taskDirectory() -> String {
    let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
    let tid = link?.split(separator: "/").last.map(String.init) ?? "?"
    return "/proc/self/task/\(tid)"
  }
}
