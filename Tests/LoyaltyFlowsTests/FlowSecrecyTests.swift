import Foundation
import LoyaltyCore
import LoyaltyFlows
import Testing

@Suite("Flow secrecy")
struct FlowSecrecyTests {
  @Test("a planted PIN never appears in logs, errors, states or descriptions")
  func plantedPIN() async throws {
    let harness = try await FlowHarness.make()
    let planted = "730519"
    let old = "482916"
    var texts: [String] = []
    let run = try harness.run(.changePIN)
    let stream = run.states()
    let states = Task {
      var seen: [String] = []
      for await state in stream { seen.append(String(describing: state)) }
      return seen
    }
    try await run.start()
    for (new, confirmation) in [(planted, planted + "0"), (planted, "000000"), (planted, planted)] {
      do {
        try await run.submitPINChange(old: old, new: new, confirmation: confirmation)
      } catch {
        texts.append(String(describing: error))
        texts.append(error.localizedDescription)
      }
    }
    harness.backend.fail("ChangePin", with: 422)
    do {
      try await run.submitPINChange(old: "4829", new: "7305", confirmation: "7305")
    } catch {
      texts.append(String(describing: error))
    }
    try await run.submitPINChange(old: "4829", new: "7305", confirmation: "7305")
    try await run.submitCode(ScriptedFlowBackend.code)
    let outcome = await run.outcome
    texts.append(String(describing: outcome))
    texts.append(contentsOf: await states.value)
    texts.append(harness.logs.text)
    var dumped = ""
    dump(run.state, to: &dumped)
    texts.append(dumped)
    for text in texts {
      for secret in [planted, old, "4829", "7305"] {
        #expect(!text.contains(secret), "\(secret) leaked into: \(text.prefix(200))")
      }
    }
    for request in harness.backend.requests {
      let body = String(decoding: request.body ?? Data(), as: UTF8.self)
      #expect(!body.contains("pin=7305") && !body.contains("pin=4829"))
    }
    #expect(!harness.logs.text.contains("wallet-token-1"))
    #expect(!harness.logs.text.contains("client-secret-xyz"))
    #expect(!harness.logs.text.isEmpty, "the network logged at verbose")
    #expect(harness.logs.text.contains("new_pin=<masked>"), "even the ciphertext is masked")
  }
}
