import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltySandbox

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `swift run example-flows`: LoyaltyFlows. A headless set-PIN flow driven as screens
/// would drive it (states observed, inputs sent, refusals shown inline, the back-stack
/// rule), then a QR payment with face images, against the in-process sandbox.
@main
struct FlowsExample {
  /// A public key standing in for the server's (the sandbox does not decrypt PINs).
  static let serverKeyPEM = """
    -----BEGIN PUBLIC KEY-----
    MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAl9iBxCH3QEjAxqoXkSs9
    G8WS04oTliX76o84b/7RZWEVtp5A37KVmMyneLl8p1ffPLdZB04ZByP1Kx/DDAZZ
    ewaeSZOGG4KGRHgqBXf6epqJPO3rzCLyr/31589vqQFq3ZAjlIl/JJNQbl/nvhwx
    1OMjQFX7aecZGlCgUHZdkD2lI0dD/9SrHe4FI4yKUG9PtGOCFW7QNNBaLJLZBdhV
    qcoi+SfQ+2uyt/OvOP9tfC2qISO2GWorDGxJ+O673+GjY4BRv1oZgFOrJlXVbfSY
    yDqepQDm9iCLSOMyJuIeUDAWu/1PrsnVFU6FDhjCB8HZg0kEyLHWrOP88a3+QKCu
    rQIDAQAB
    -----END PUBLIC KEY-----
    """

  static func main() async {
    do {
      try await run()
      print("\nexample-flows: done.")
    } catch {
      var message = "example-flows failed: \(error)\n"
      message.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
      exit(1)
    }
  }

  static func run() async throws {
    var configuration = LoyaltyConfiguration(
      appUUID: "0123456789abcdef0123456789abcdef",
      merchantID: "example-merchant",
      apiKey: "example-flows-api-key",
      bundleID: "com.example.flows-example",
      // Requests never leave the process: the sandbox transport answers them.
      environment: .custom(
        URL(string: "https://sandbox.invalid") ?? LoyaltyEnvironment.development.baseURL),
      language: "en",
      preset: .testing)
    configuration.device.registersAtStart = false
    let backend = SandboxBackend(configuration: SandboxConfiguration(matching: configuration))
    var overrides = CapabilityOverrides()
    overrides.override(.httpTransport, with: SandboxTransport(backend))
    let client = try await LoyaltyClient.start(
      configuration,
      modules: [
        NetworkModule(),
        FlowsModule(
          serverKeyPEM: serverKeyPEM, clientID: "example-merchant", clientSecret: "example"),
      ],
      overrides: overrides)

    try await setPIN(try client.flows)
    try await payQR(try client.flows)
    await client.shutdown()
  }

  static func setPIN(_ flows: FlowCenter) async throws {
    print("== Set PIN")
    let run = flows.setPIN(
      wToken: "example-wallet-token",
      callbacks: FlowCallbacks(
        delivery: .inline, onSuccess: { print("onSuccess: \($0)") },
        onFailed: { print("onFailed: \($0.reason)") }, onUserCancel: { print("onUserCancel") }))
    // A screen would render each state; here they are printed.
    let states = run.states()
    let renderer = Task {
      for await state in states { print("  state: \(state.name)") }
    }
    try await run.start()
    try await run.requestCode()
    do {
      try await run.submitCode("000000")
    } catch let error as LoyaltyError {
      print("wrong code shown inline: \(error.message)")
    }
    do {
      try await run.resendCode()
    } catch let error as LoyaltyError {
      print("resend refused: \(error.message)")
    }
    try await run.submitCode(SandboxBackend.flowOTPCode)
    try await run.back()
    print("back from the PIN screen lands on: \(run.state.name) (not the code screen)")
    try await run.requestCode()
    try await run.submitCode(SandboxBackend.flowOTPCode)
    do {
      try await run.submitPIN("1234", confirmation: "1234")
    } catch let error as LoyaltyError {
      print("PIN refused before sending: \(error.message)")
    }
    try await run.submitPIN("2580", confirmation: "2580")
    await renderer.value
    print("outcome: \(await run.outcome)")
  }

  static func payQR(_ flows: FlowCenter) async throws {
    print("\n== QR payment with face verification")
    let run = flows.payQR(paymentReference: "FACE-QR-7", wToken: "example-wallet-token")
    try await run.start()
    print("state: \(run.state)")
    let smile = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 1, count: 64)
    let blink = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)
    try await run.provideFaceImages(smile: smile, blink: blink)
    try await run.submitCode(SandboxBackend.flowOTPCode)
    if case .success(.payment(let receipt)) = await run.outcome {
      print("payment \(receipt.transactionID): \(receipt.status ?? "unknown")")
    }
  }
}
