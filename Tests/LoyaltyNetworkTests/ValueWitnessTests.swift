import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltyTestSupport
import Testing

/// The network's values survive code that knows nothing of their types: copied, assigned,
/// moved, boxed and destroyed through their value witnesses, which LoyaltyNetwork compiles
/// as layout strings the Swift runtime reads (Package.swift).
@Suite("Value witnesses: Network")
struct ValueWitnessTests {
  @Test("every case of a registration's outcome, each payload kind, comes back equal")
  func registrationOutcomes() {
    let outcomes: [DeviceRegistrationOutcome] = [
      .registered(DeviceInfoCodingTests.full), .unchanged,
      .failed(LoyaltyError(.notConnected, "offline", metadata: ["attempt": "1"])),
      .disabledByPrivacy,
    ]
    #expect(throughValueWitnesses(outcomes) == outcomes)
  }

  @Test("device information, its optional fields present and absent, comes back equal")
  func deviceInfo() throws {
    let bare = try JSONDecoder().decode(
      DeviceInfo.self, from: Data(DeviceInfoCodingTests.bareJSON.utf8))
    let infos = [DeviceInfoCodingTests.full, bare]
    #expect(throughValueWitnesses(infos) == infos)
  }

  /// An endpoint is generic: its layout string is made at run time, for each response type.
  @Test("an endpoint keeps its fields, and releases what its decoder holds once it is gone")
  func endpoints() throws {
    final class Held: Sendable {
      let answer = 42
    }
    weak var released: Held?
    do {
      let held = Held()
      released = held
      let endpoints = [
        Endpoint<Int>(
          name: "answer", method: .post, path: "/api/{id}", parameters: ["id": "7"],
          query: [URLQueryItem(name: "q", value: "ß")], headers: ["X-Trace": "t"], deadline: 3
        ) { _ in held.answer },
        Endpoint<Int>(name: "other", method: .get, path: "/api/other") { _ in 0 },
      ]
      let copies = throughValueWitnesses(endpoints)
      #expect(copies.map(\.name) == ["answer", "other"])
      #expect(copies.map(\.path) == ["/api/{id}", "/api/other"])
      #expect(copies[0].parameters == ["id": "7"] && copies[0].deadline == 3)
      #expect(copies[0].query == [URLQueryItem(name: "q", value: "ß")])
      #expect(copies.map(\.isIdempotent) == [false, true])
      #expect(try copies[0].decode(ResponseEnvelope(httpStatus: 200, status: 1, fields: [:])) == 42)
      #expect(released != nil)
    }
    #expect(released == nil)
  }
}
