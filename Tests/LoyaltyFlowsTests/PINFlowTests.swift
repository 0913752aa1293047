import Foundation
import LoyaltyCore
import LoyaltyFlows
import LoyaltyNetwork
import LoyaltySecurity
import Testing

@Suite("PIN flows")
struct PINFlowTests {
  @Test("set PIN: start, code (one wrong), PIN; every transition and the outcome")
  func setPIN() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    let stream = run.states()
    let collected = Task {
      var names: [String] = []
      for await state in stream { names.append(state.name) }
      return names
    }
    #expect(run.state == .idle)
    try await run.start()
    #expect(run.state == .ready)
    try await run.requestCode()
    guard case .awaitingCode(let challenge) = run.state else {
      Issue.record("not awaiting a code: \(run.state)")
      return
    }
    #expect(challenge.attemptsLeft == 3)
    #expect(run.codeSecondsLeft == 120)
    await expectCode(.flowStepRejected) { try await run.submitCode("000000") }
    guard case .awaitingCode(let after) = run.state else {
      Issue.record("a wrong code left \(run.state)")
      return
    }
    #expect(after.attemptsLeft == 2)
    try await run.submitCode(ScriptedFlowBackend.code)
    #expect(run.state == .awaitingPIN(.new))
    try await run.submitPIN("2580", confirmation: "2580")
    #expect(run.state == .succeeded(.pinSet))
    #expect(await run.outcome == .success(.pinSet))
    #expect(harness.recorder.all == [.success(.pinSet)])
    let names = await collected.value
    #expect(
      names == [
        "idle", "verifyingClient", "ready", "requestingCode", "awaitingCode", "verifyingCode",
        "awaitingCode", "verifyingCode", "awaitingPIN", "submittingPIN", "succeeded",
      ])
  }

  @Test("the PIN is encrypted with the server key, OAEP-SHA256 by default or PKCS#1 v1.5")
  func encryption() async throws {
    for padding in [RSAPadding.oaepSHA256, .pkcs1v15] {
      let harness = try await FlowHarness.make(padding: padding)
      let run = try harness.run(.setPIN)
      try await run.start()
      try await run.requestCode()
      try await run.submitCode(ScriptedFlowBackend.code)
      try await run.submitPIN("2580", confirmation: "2580")
      let body = String(
        decoding: harness.backend.requests(containing: "/SetPin").first?.body ?? Data(),
        as: UTF8.self)
      let fields = Dictionary(
        body.split(separator: "&").map { pair -> (String, String) in
          let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
          return (parts[0], (parts.count > 1 ? parts[1] : "").removingPercentEncoding ?? "")
        }, uniquingKeysWith: { first, _ in first })
      let sealed = try #require(Data(base64Encoded: fields["pin"] ?? ""))
      let plain = try FlowHarness.privateKey.decrypt(sealed, padding: padding)
      #expect(String(decoding: plain, as: UTF8.self) == "2580")
      #expect(!body.contains("2580"))
    }
  }

  @Test("back after the code of set PIN returns to the start screen, not to the code")
  func backStack() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    try await run.back()
    #expect(run.state == .ready)
    try await run.back()
    #expect(run.state == .cancelled)
    #expect(await run.outcome == .userCancel)
    #expect(harness.recorder.all == [.userCancel])
  }

  @Test("inputs invalid in the current state are typed errors and change nothing")
  func refusedInputs() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    await expectCode(.flowInputRefused) { try await run.submitCode("123456") }
    await expectCode(.flowInputRefused) { try await run.requestCode() }
    await expectCode(.flowInputRefused) { try await run.back() }
    #expect(run.state == .idle)
    try await run.start()
    await expectCode(.flowInputRefused) { try await run.start() }
    await expectCode(.flowInputRefused) { try await run.submitPIN("2580", confirmation: "2580") }
    await expectCode(.flowInputRefused) { try await run.resendCode() }
    await expectCode(.flowInputRefused) {
      try await run.provideFaceImages(smile: Data([0xFF, 0xD8, 0xFF]), blink: Data())
    }
    #expect(run.state == .ready)
    try await run.requestCode()
    await expectCode(.flowInputRefused) {
      try await run.submitPINChange(old: "1111", new: "2580", confirmation: "2580")
    }
    await expectCode(.invalidArgument) { try await run.submitCode("12ab") }
    try await run.submitCode(ScriptedFlowBackend.code)
    await expectCode(.invalidPIN) { try await run.submitPIN("1234", confirmation: "1234") }
    await expectCode(.pinMismatch) { try await run.submitPIN("2580", confirmation: "2581") }
    #expect(run.state == .awaitingPIN(.new))
    #expect(harness.backend.requests(containing: "/SetPin").isEmpty, "nothing was sent")
    await run.cancel()
    await expectCode(.flowInputRefused) { try await run.submitPIN("2580", confirmation: "2580") }
    await run.cancel()
    #expect(harness.recorder.all == [.userCancel], "a second cancel delivers nothing")
  }

  @Test("change PIN: old and new PIN, then the code")
  func changePIN() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.changePIN)
    try await run.start()
    #expect(run.state == .awaitingPIN(.change))
    await expectCode(.invalidPIN) {
      try await run.submitPINChange(old: "2580", new: "2580", confirmation: "2580")
    }
    await expectCode(.flowInputRefused) { try await run.submitPIN("2580", confirmation: "2580") }
    try await run.submitPINChange(old: "1397", new: "2580", confirmation: "2580")
    guard case .awaitingCode = run.state else {
      Issue.record("not awaiting a code: \(run.state)")
      return
    }
    try await run.back()
    #expect(run.state == .awaitingPIN(.change))
    try await run.submitPINChange(old: "1397", new: "2580", confirmation: "2580")
    try await run.submitCode(ScriptedFlowBackend.code)
    #expect(await run.outcome == .success(.pinChanged))
    let headers = try #require(harness.backend.requests(containing: "ChangePin").first?.headers)
    #expect(headers["scope"] == "PinSet")
    #expect(headers["w-token"] == "wallet-token-1")
    #expect(headers["lang"] == "en")
    #expect(headers["Authorization"] == "Bearer flow-access")
  }

  @Test("forgot PIN: code, then the new PIN with the server's identifier")
  func forgotPIN() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.forgotPIN)
    try await run.start()
    try await run.requestCode()
    try await run.submitCode(ScriptedFlowBackend.code)
    try await run.submitPIN("2580", confirmation: "2580")
    #expect(await run.outcome == .success(.pinReset))
    let body = String(
      decoding: harness.backend.requests(containing: "ForgotPinReset").first?.body ?? Data(),
      as: UTF8.self)
    #expect(body.contains("identifier=forget-1"))
  }

  @Test("three wrong codes end the run")
  func attemptsExhausted() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.forgotPIN)
    try await run.start()
    try await run.requestCode()
    await expectCode(.flowStepRejected) { try await run.submitCode("000001") }
    await expectCode(.flowStepRejected) { try await run.submitCode("000002") }
    await expectCode(.otpAttemptsExhausted) { try await run.submitCode("000003") }
    guard case .failure(let failure) = await run.outcome else {
      Issue.record("the run did not fail")
      return
    }
    #expect(failure.reason == .attemptsExhausted)
  }

  @Test("concurrent inputs: one is accepted, the others are refused")
  func concurrentInputs() async throws {
    let harness = try await FlowHarness.make()
    let run = try harness.run(.setPIN)
    try await run.start()
    try await run.requestCode()
    let results = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          do {
            try await run.submitCode(ScriptedFlowBackend.code)
            return true
          } catch {
            return false
          }
        }
      }
      var accepted = 0
      for await ok in group where ok { accepted += 1 }
      return accepted
    }
    #expect(results == 1)
    #expect(harness.backend.requests(containing: "VerifyOtp").count == 1)
    #expect(run.state == .awaitingPIN(.new))
  }
}
