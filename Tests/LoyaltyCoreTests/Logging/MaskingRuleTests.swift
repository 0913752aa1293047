import LoyaltyCore
import Testing

/// Exact outputs of each masking rule, including the edges of what each one matches.
@Suite("Masking rules")
struct MaskingRuleTests {
  static let cases: [(text: String, masked: String)] = [
    // JWTs.
    ("token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_1 expired", "token <masked> expired"),
    ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.", "<masked>"),
    ("eyJ.not.a.token", "eyJ.not.a.token"),
    // Bearer and Basic credentials.
    ("Authorization: Bearer abc.def-123/+=", "Authorization: <masked> <masked>"),
    ("basic dXNlcjpwYXNz== next", "basic <masked> next"),
    ("BEARER\u{00A0}abc", "BEARER\u{00A0}<masked>"),
    ("xbearer abc", "xbearer abc"),
    ("bearer: abc", "bearer: abc"),
    // Values of keys that name a secret.
    (#"{"access_token":"abc def","name":"x"}"#, #"{"access_token":<masked>,"name":"x"}"#),
    ("refreshToken=abc&grant=refresh", "refreshToken=<masked>&grant=refresh"),
    ("password: hunter2, user: maria", "password: <masked>, user: maria"),
    ("card_pin=1234;", "card_pin=<masked>;"),
    ("new_card_pin=77", "new_card_pin=<masked>"),
    ("'api-key' = 'k e y'", "'api-key' = <masked>"),
    (#"client_secret="unterminated value"#, "client_secret=<masked> value"),
    ("cvv:123}", "cvv:<masked>}"),
    ("tokens: 3", "tokens: 3"),
    // Email addresses.
    ("mail maria+x@example.co.uk now", "mail <email> now"),
    ("a@b.com1", "<email>1"),
    ("user@localhost", "user@localhost"),
    // Card numbers.
    ("card 4111 1111 1111 1111 ok", "card <card ****1111> ok"),
    ("4111-1111-1111-1111", "<card ****1111>"),
    ("12345678901234567890", "12345678901234567890"),
    ("id 123456789012 ok", "id 123456789012 ok"),
    ("4111  1111 1111 1111", "4111  1111 1111 1111"),
    // PINs in prose.
    ("the user typed PIN 4821.", "the user typed PIN <masked>."),
    ("pin: 12", "pin: <masked>"),
    ("pin -- 4821", "pin -- 4821"),
    ("pin 1234x", "pin 1234x"),
    ("\u{E9}pin 1234", "\u{E9}pin 1234"),
    ("e\u{301}pin 1234", "e\u{301}pin 1234"),
  ]

  @Test("each rule masks exactly what it matches", arguments: cases)
  func masks(_ example: (text: String, masked: String)) {
    #expect(SecretMasker.standard.mask(example.text) == example.masked)
  }

  @Test("literal secrets are masked before the rules, longest first")
  func literalsFirst() {
    let masker = SecretMasker(literals: ["sk_live", "sk_live_abcdef"])
    #expect(masker.mask("key sk_live_abcdef and sk_live_x") == "key <masked> and <masked>_x")
  }
}
