import Foundation
import LoyaltyConformance
import LoyaltyCore
import LoyaltySecurity
import LoyaltyTestSupport
import Testing

@Suite("FileKeyStore")
struct FileKeyStoreTests {
  @Test("keeps the KeyStore contract")
  func conforms() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    try await KeyStoreConformance.check {
      FileKeyStore(directory: directory.appending("keys-\(UUID().uuidString)"))
    }
  }

  @Test("creates the directory 0700 and key files 0600")
  func permissions() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("data/com.example.app/keys")
    let store = FileKeyStore(directory: keys)
    #expect(!FileManager.default.fileExists(atPath: keys.path))
    let key = try await store.key(for: "field-key", creatingWithByteCount: 32)

    let directoryAttributes = try FileManager.default.attributesOfItem(atPath: keys.path)
    #expect((directoryAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    let file = keys.appendingPathComponent("field-key")
    let fileAttributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((fileAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect((fileAttributes[.size] as? NSNumber)?.intValue == 32)
    #expect(try Data(contentsOf: file) == key)
  }

  @Test("restricts an existing key directory and key file that others can read")
  func tightensPermissions() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("keys")
    try FileManager.default.createDirectory(
      at: keys, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let store = FileKeyStore(directory: keys)
    let key = try await store.key(for: "k", creatingWithByteCount: 32)
    let directoryMode =
      try FileManager.default.attributesOfItem(atPath: keys.path)[
        .posixPermissions] as? NSNumber
    #expect(directoryMode?.intValue == 0o700)

    let file = keys.appendingPathComponent("k").path
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    #expect(try await store.key(for: "k") == key)
    let fileMode =
      try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions]
      as? NSNumber
    #expect(fileMode?.intValue == 0o600)
  }

  @Test("keeps keys across store instances")
  func persists() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("keys")
    let created = try await FileKeyStore(directory: keys).key(
      for: "persisted", creatingWithByteCount: 32)
    #expect(try await FileKeyStore(directory: keys).key(for: "persisted") == created)
    #expect(
      try await FileKeyStore(directory: keys).key(for: "persisted", creatingWithByteCount: 32)
        == created)
  }

  @Test("reads nil when the directory does not exist")
  func missingDirectory() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let store = FileKeyStore(directory: directory.appending("nowhere/keys"))
    #expect(try await store.key(for: "k") == nil)
    try await store.deleteKey(for: "k")
  }

  @Test("rejects key files of the wrong size")
  func wrongSize() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("keys")
    let store = FileKeyStore(directory: keys)
    _ = try await store.key(for: "placeholder", creatingWithByteCount: 32)

    try Data(count: 16).write(to: keys.appendingPathComponent("short"))
    await expectLoyaltyError(.invalidKey) {
      _ = try await store.key(for: "short", creatingWithByteCount: 32)
    }
    #expect(try await store.key(for: "short")?.count == 16)

    try Data().write(to: keys.appendingPathComponent("empty"))
    await expectLoyaltyError(.keyStoreFailed) { _ = try await store.key(for: "empty") }
    await expectLoyaltyError(.keyStoreFailed) {
      _ = try await store.key(for: "empty", creatingWithByteCount: 32)
    }

    try Data(count: 5_000).write(to: keys.appendingPathComponent("huge"))
    await expectLoyaltyError(.keyStoreFailed) { _ = try await store.key(for: "huge") }
  }

  @Test("refuses symbolic links and directories as key files")
  func refusesOtherFileTypes() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("keys")
    let store = FileKeyStore(directory: keys)
    let real = try await store.key(for: "real", creatingWithByteCount: 32)
    try FileManager.default.createSymbolicLink(
      atPath: keys.appendingPathComponent("link").path,
      withDestinationPath: keys.appendingPathComponent("real").path)
    let error = await expectLoyaltyError(.keyStoreFailed) { _ = try await store.key(for: "link") }
    #expect(error?.description.contains(real.base64EncodedString()) == false)
    try FileManager.default.createDirectory(
      at: keys.appendingPathComponent("folder"), withIntermediateDirectories: false)
    await expectLoyaltyError(.keyStoreFailed) { _ = try await store.key(for: "folder") }
  }

  @Test(
    "rejects identifiers that could escape the directory",
    arguments: [
      "", "../escape", "a/b", ".hidden", ".", "..", "with space", "nul\u{0}x",
      "ünïcode", String(repeating: "x", count: 129),
    ])
  func invalidIdentifiers(identifier: String) async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let store = FileKeyStore(directory: directory.appending("keys"))
    await expectLoyaltyError(.invalidArgument) { _ = try await store.key(for: identifier) }
    await expectLoyaltyError(.invalidArgument) {
      _ = try await store.key(for: identifier, creatingWithByteCount: 32)
    }
    await expectLoyaltyError(.invalidArgument) { try await store.deleteKey(for: identifier) }
    #expect(!FileManager.default.fileExists(atPath: directory.appending("escape").path))
  }

  @Test("accepts identifiers of letters, digits, dots, dashes and underscores")
  func validIdentifiers() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let store = FileKeyStore(directory: directory.appending("keys"))
    for identifier in ["a", "field-encryption-key", "v1.key_2", String(repeating: "y", count: 128)]
    {
      #expect(try await store.key(for: identifier, creatingWithByteCount: 32).count == 32)
    }
  }

  @Test("rejects key sizes out of range", arguments: [0, -1, 4_097])
  func invalidByteCount(byteCount: Int) async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let store = FileKeyStore(directory: directory.appending("keys"))
    await expectLoyaltyError(.invalidArgument) {
      _ = try await store.key(for: "k", creatingWithByteCount: byteCount)
    }
  }

  @Test("leaves no temporary files after concurrent creation")
  func noTemporaryFiles() async throws {
    let directory = try TemporaryDirectory("file-store")
    defer { directory.remove() }
    let keys = directory.appending("keys")
    let store = FileKeyStore(directory: keys)
    let created = try await withThrowingTaskGroup(of: Data.self) { group in
      for _ in 0..<32 {
        group.addTask { try await store.key(for: "race", creatingWithByteCount: 32) }
      }
      var all: Set<Data> = []
      for try await key in group { all.insert(key) }
      return all
    }
    #expect(created.count == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path) == ["race"])
  }

  @Test("uses <dataDirectory>/keys for a configuration")
  func configurationDirectory() throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef", bundleID: "com.example.keys")
    let data = FileManager.default.temporaryDirectory.appendingPathComponent(
      "example-data-\(UUID().uuidString)")
    configuration.database.directory = data.path
    let store = FileKeyStore(configuration: configuration)
    #expect(store.directory.path == data.appendingPathComponent("keys").path)
    #expect(FileKeyStore.directory(for: configuration) == store.directory)
    #expect(store.description.contains(data.appendingPathComponent("keys").path))
    #expect(!FileManager.default.fileExists(atPath: data.path))
  }

  @Test("ends with one key when processes race to create it")
  func processRace() async throws {
    let helper = try #require(
      TestHelperProcess.locate(),
      "LoyaltyTestHelper was not found next to the test bundle; build it with swift build.")
    let directory = try TemporaryDirectory("key-race")
    defer { directory.remove() }
    let keys = directory.appending("keys")

    for round in 0..<3 {
      let identifier = "race-\(round)"
      let startAt = Date().timeIntervalSince1970 + 0.5
      let running = try (0..<8).map { _ in
        try TestHelperProcess.start(
          helper, ["key-race", keys.path, identifier, String(startAt)])
      }
      let results = running.map { $0.finish() }
      for result in results {
        #expect(result.status == 0, "helper failed: \(result.error)")
      }
      let printed = Set(results.map { $0.output.trimmingCharacters(in: .whitespacesAndNewlines) })
      #expect(printed.count == 1, "\(printed.count) different keys")
      let fileKey = try Data(contentsOf: keys.appendingPathComponent(identifier))
      #expect(fileKey.count == 32)
      #expect(printed == [fileKey.base64EncodedString()])
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: keys.path).sorted()
    #expect(left == ["race-0", "race-1", "race-2"])
  }
}
