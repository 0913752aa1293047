import Foundation
import LoyaltyCore
import Testing

@Suite("Secret masking")
struct SecretMaskingTests {
  static let jwt =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwiZXhwIjoxODAwMDAwMDAwfQ"
    + ".dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
  static let refresh = "rt_7f3a9c2e1b4d8f6a0c5e9b2d4f7a1c3e"
  static let email = "maria.papadopoulou+loyalty@example.gr"
  static let card = "4111 1111 1111 1111"
  static let pin = "4821"

  /// Every secret the tests plant, and text that must survive masking.
  static let secrets = [jwt, refresh, email, "4111111111111111", card, pin]

  static let messages = [
    "Authorization: Bearer \(jwt)",
    "sending {\"access_token\":\"\(jwt)\",\"refresh_token\":\"\(refresh)\"}",
    "refreshToken=\(refresh)&grant=refresh",
    "login for \(email) failed",
    "card_number: \(card)",
    "card 4111111111111111 added",
    "card 4111-1111-1111-1111 added",
    "{\"pin\": \"\(pin)\"}",
    "pin=\(pin)",
    "the user typed PIN \(pin)",
    "Basic dXNlcjpwYXNzd29yZA==",
    "password: hunter2-\(pin)",
    "token \(jwt) expired",
  ]

  @Test("planted secrets never survive masking", arguments: messages)
  func masksSecrets(_ message: String) {
    let masked = SecretMasker.standard.mask(message)
    for secret in Self.secrets {
      #expect(!masked.contains(secret), "\(masked)")
    }
    #expect(!masked.contains("dXNlcjpwYXNzd29yZA=="))
    #expect(!masked.contains("hunter2"))
  }

  @Test("ordinary text is left alone")
  func keepsOrdinaryText() {
    let text =
      "Fetched 42 campaigns in 120 ms for merchant 7 at 1800000000 (status 1, shopping map)"
    #expect(SecretMasker.standard.mask(text) == text)
    #expect(SecretMasker.standard.mask("") == "")
  }

  @Test("card numbers keep their last four digits")
  func cardLastFour() {
    #expect(SecretMasker.standard.mask("card 4111111111111234 ok") == "card <card ****1234> ok")
  }

  @Test("literal secrets such as the API key are masked")
  func literals() {
    let masker = SecretMasker(literals: ["sk_live_abcdef", "ab"])
    #expect(masker.mask("key sk_live_abcdef used") == "key <masked> used")
    #expect(
      masker.mask("ab stays, too short to be a secret") == "ab stays, too short to be a secret")
  }

  @Test("errors mask their message, metadata and underlying error")
  func errorsAreMasked() {
    let error = LoyaltyError(
      .httpStatus, "Request for \(Self.email) with Bearer \(Self.jwt) failed",
      metadata: ["body": "{\"refresh_token\":\"\(Self.refresh)\"}"],
      underlying: TestFailure(message: "pin=\(Self.pin)"))
    let texts =
      [error.description, error.message, error.errorDescription ?? ""]
      + Array(error.metadata.values)
    for text in texts {
      for secret in Self.secrets {
        #expect(!text.contains(secret), "\(text)")
      }
    }
  }

  @Test("token pairs describe themselves without tokens")
  func tokenPairDescription() {
    let pair = TokenPair(
      accessToken: Self.jwt, refreshToken: Self.refresh, clientID: "c", clientSecret: "s3cr3t")
    for text in [pair.description, "\(pair)", String(reflecting: pair)] {
      #expect(!text.contains(Self.jwt))
      #expect(!text.contains(Self.refresh))
      #expect(!text.contains("s3cr3t"))
    }
  }
}
