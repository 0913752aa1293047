import Foundation
import LoyaltyCore
import LoyaltyNetwork
import LoyaltySandbox
import Testing

@Suite("Sandbox: profile, cards, histories, user management")
struct ProfileTests {
  @Test("the profile")
  func profile() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let profile = try await harness.client.send(
      TestEndpoints.consumer("handle_user_details", ["process": "get"]))
    let result = try #require(profile["result"])
    #expect(result["email"] == "user1@sandbox.test")
    #expect(result["points"]?.looseInt == harness.backend.user(email: "user1@sandbox.test")?.points)
    #expect(result["birthday"]?.stringValue?.count == 10)
  }

  @Test("cards: add, list, delete; invalid and unknown cards refused")
  func cards() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let added = try await harness.client.send(
      TestEndpoints.cards(
        "add_card",
        [
          "card_number": "4111 1111 1111 1111", "card_issuer": "visa", "cardholder": "Maria P",
          "expiration_month": "12", "expiration_year": "2031",
        ]))
    let card = try #require(added["result"]?["card"])
    #expect(card["card_number"] == "**** **** **** 1111")
    let token = try #require(card["token"]?.stringValue)

    let listed = try await harness.client.send(TestEndpoints.cards("get_cards"))
    #expect(listed["result"]?["cards"]?.arrayValue?.count == 1)

    let invalid = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.cards(
          "add_card",
          [
            "card_number": "4111 1111 1111 1112", "card_issuer": "visa", "cardholder": "M",
            "expiration_month": "12", "expiration_year": "2031",
          ]))
    }
    #expect(invalid.metadata["status"] == "400")

    _ = try await harness.client.send(TestEndpoints.cards("delete_card", ["token": .string(token)]))
    let empty = try await harness.client.send(TestEndpoints.cards("get_cards"))
    #expect(empty["result"]?["cards"]?.arrayValue?.isEmpty == true)
    let unknown = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.cards("delete_card", ["token": .string(token)]))
    }
    #expect(unknown.metadata["status"] == "404")
  }

  @Test("transactions and points history")
  func histories() async throws {
    let harness = SandboxHarness()
    try await harness.login()
    let minimal = try await harness.client.send(
      TestEndpoints.consumer("get_transaction_history", ["product_detail": "minimal"]))
    let transactions = try #require(minimal["result"]?["transactions"]?.arrayValue)
    #expect(transactions.count == 12)
    #expect(transactions.allSatisfy { $0["products"] == nil && $0["amount"]?.looseDouble != nil })
    let full = try await harness.client.send(
      TestEndpoints.consumer("get_transaction_history", ["product_detail": "full"]))
    #expect(full["result"]?["transactions"]?.arrayValue?.first?["products"]?.arrayValue != nil)

    let points = try await harness.client.send(TestEndpoints.consumer("get_points_history"))
    let entries = try #require(points["result"]?["points_history"]?.arrayValue)
    #expect(entries.count == 10)
    #expect(entries.last?["balance"] == points["result"]?["balance"])
  }

  @Test("register, change and reset the password, request an OTP")
  func userManagement() async throws {
    let harness = SandboxHarness()
    _ = try await harness.client.send(
      TestEndpoints.userManagement(
        "register", ["email": "eleni@example.gr", "password": "long-enough-1"]))
    _ = try await harness.client.send(
      TestEndpoints.userManagement(
        "change_password",
        [
          "email": "eleni@example.gr", "old_password": "long-enough-1",
          "new_password": "long-enough-2",
        ]))
    let wrong = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.userManagement(
          "change_password",
          [
            "email": "eleni@example.gr", "old_password": "long-enough-1",
            "new_password": "long-enough-3",
          ]))
    }
    #expect(wrong.code == .serverStatus)
    _ = try await harness.client.send(
      TestEndpoints.userManagement("reset_password", ["email": "eleni@example.gr"]))
    #expect(harness.backend.passwordResets == ["eleni@example.gr"])
    let otp = try await harness.client.send(
      TestEndpoints.userManagement("request_otp", ["msisdn": "+306912345678"]))
    #expect(otp["otp_uuid"]?.stringValue != nil)
    let badPhone = try await #require(throws: LoyaltyError.self) {
      _ = try await harness.client.send(
        TestEndpoints.userManagement("request_otp", ["msisdn": "12ab"]))
    }
    #expect(badPhone.metadata["status"] == "400")
  }
}
