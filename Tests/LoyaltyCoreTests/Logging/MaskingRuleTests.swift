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
    ("loyalty-signature: 3f1c9e07; vendor: linux", "loyalty-signature: <masked>; vendor: linux"),
    ("unique-device-id: 5C1D0E7A-93B2", "unique-device-id: <masked>"),
    (#"{"cardholder":"Maria P","points":1250}"#, #"{"cardholder":<masked>,"points":1250}"#),
    ("msisdn=306912345678&page=2", "msisdn=<masked>&page=2"),
    (
      "phoneNumber: 6912345678, mobile_number: 6912345679",
      "phoneNumber: <masked>, mobile_number: <masked>"
    ),
    (#"{"echo":"{\"pin\":\"1234\",\"n\":2}"}"#, #"{"echo":"{\"pin\":<masked>,\"n\":2}"}"#),
    ("placeholder: Search, order: 306912345678", "placeholder: Search, order: 306912345678"),
    // Email addresses.
    ("mail maria+x@example.co.uk now", "mail <email> now"),
    ("a@b.com1", "<email>1"),
    ("user@localhost", "user@localhost"),
    ("username=maria%2Bx%40example.gr&page=2", "username=<email>&page=2"),
    ("100%40 off at example.gr", "100%40 off at example.gr"),
    ("x%40y%40example.gr", "<email>"),
    // International phone numbers.
    ("call +30 691 234 5678 now", "call <phone> now"),
    ("+306912345678", "<phone>"),
    ("+1-202-555-0143.", "<phone>."),
    ("offset +0200, +1234567 points", "offset +0200, +1234567 points"),
    ("a+306912345678, 1+306912345678", "a+306912345678, 1+306912345678"),
    // Card numbers.
    ("card 4111 1111 1111 1111 ok", "card <card ****1111> ok"),
    ("4111-1111-1111-1111", "<card ****1111>"),
    ("12345678901234567890", "12345678901234567890"),
    ("id 123456789012 ok", "id 123456789012 ok"),
    ("4111  1111 1111 1111", "4111  1111 1111 1111"),
    ("(4111111111111111)", "(<card ****1111>)"),
    ("x4111111111111111", "x4111111111111111"),
    ("4111111111111111x", "4111111111111111x"),
    ("_4111111111111111", "_4111111111111111"),
    // The digits inside a UUID in a path are not a card number.
    (
      "/tmp/pem-AB123456-7890-4123-8ABC-DEF012345678/key.pem",
      "/tmp/pem-AB123456-7890-4123-8ABC-DEF012345678/key.pem"
    ),
    (
      "/tmp/pem-12345678-7890-4123-ABCD-DEF012345678/key.pem",
      "/tmp/pem-<card ****4123>-ABCD-DEF012345678/key.pem"
    ),
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

  @Test("the scan stays linear on text made of what the rules look for")
  func linearScan() {
    let clock = ContinuousClock()
    for unit in ["%40", "a@", "+1 ", "pin: \\\"", "token=", "eyJa.", "4111 "] {
      let text = String(repeating: unit, count: 40_000)
      let elapsed = clock.measure { _ = SecretMasker.standard.mask(text) }
      #expect(elapsed < .seconds(5), "\(unit): \(elapsed)")
    }
  }

  @Test("header and field names that name a secret")
  func secretNames() {
    for name in [
      "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "loyalty-signature",
      "unique-device-id", "deviceId", "X-Api-Key", "X-Auth-Token", "msisdn", "cardholder",
      "card_holder_name", "pin", "new_pin",
    ] {
      #expect(SecretMasker.namesSecret(name), "\(name)")
    }
    for name in [
      "Accept", "Content-Type", "loyalty-date", "loyalty-web-id", "User-Agent", "spin",
      "placeholder", "X-Request-ID", "",
    ] {
      #expect(!SecretMasker.namesSecret(name), "\(name)")
    }
  }

  @Test("literal secrets are masked before the rules, longest first")
  func literalsFirst() {
    let masker = SecretMasker(literals: ["sk_live", "sk_live_abcdef"])
    #expect(masker.mask("key sk_live_abcdef and sk_live_x") == "key <masked> and <masked>_x")
  }
}
