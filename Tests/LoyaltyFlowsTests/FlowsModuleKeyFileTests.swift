import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltySecurity
import Testing

@Suite("FlowsModule key file")
struct FlowsModuleKeyFileTests {
  private static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-flows-key-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("the key read from a resource file encrypts the PIN the server decrypts")
  func resourceKey() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pem = try FlowHarness.privateKey.publicKey.pemRepresentation()
    try Data(pem.replacingOccurrences(of: "\n", with: "\r\n").utf8)
      .write(to: folder.appendingPathComponent("server-key.pem"))
    let module = try FlowsModule(
      serverKeyResource: "server-key", at: folder, clientID: "merchant",
      clientSecret: "client-secret-xyz")
    let harness = try await FlowHarness.make(flows: module)
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    try await run.submitPIN("2580", confirmation: "2580")
    let body = String(
      decoding: harness.backend.requests(containing: "/SetPin").first?.body ?? Data(),
      as: UTF8.self)
    let field = body.split(separator: "&").first { $0.hasPrefix("pin=") }
    let encoded = String(field?.dropFirst(4) ?? "").removingPercentEncoding ?? ""
    let sealed = try #require(Data(base64Encoded: encoded))
    let plain = try FlowHarness.privateKey.decrypt(sealed)
    #expect(String(decoding: plain, as: UTF8.self) == "2580")
  }

  @Test("a missing key file fails the module's creation with configurationFile")
  func missingFile() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    await expectCode(.configurationFile) {
      _ = try FlowsModule(
        serverKeyResource: "server-key", at: folder, clientID: "merchant",
        clientSecret: "secret")
    }
  }

  @Test("a key file holding a private key fails the module's creation with invalidPEM")
  func privateKeyFile() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pem = try FlowHarness.privateKey.pemRepresentation()
    try Data(pem.utf8).write(to: folder.appendingPathComponent("server-key.pem"))
    await expectCode(.invalidPEM) {
      _ = try FlowsModule(
        serverKeyResource: "server-key", at: folder, clientID: "merchant",
        clientSecret: "secret")
    }
  }
}
