/// Masks secrets in text before it is logged or put in an error.
///
/// The standard masker replaces:
/// - JWTs (`eyJ...`), wherever they appear;
/// - the credentials after `Bearer` and `Basic`;
/// - the values of keys that name a secret, in JSON (also JSON escaped inside a JSON
///   string), form, header and `key=value` text: keys ending, in any case, in `token`,
///   `password`, `secret`, `api_key`, `authorization`, `cookie`, `signature`,
///   `device_id`, `msisdn`, `phone`, `phone_number`, `mobile_number`, `card_number`,
///   `cardholder`, `holder_name` or `name_on_card` (with `_`, `-` or nothing between
///   the words), and keys that are or end in `_pin`, `_otp`, `_cvv`, `_cvc`; a value
///   whose shape tells nothing (a signature, a device id, a holder's name, a phone
///   number without `+`) is masked only this way, by the name it goes under;
/// - email addresses, also with the `@` percent-encoded (`%40`);
/// - international phone numbers: `+` and 8 to 15 digits, with or without spaces or
///   dashes;
/// - card numbers (13 to 19 digits, with or without spaces or dashes, as a word of their
///   own: not the digits inside an id or a path), keeping the last four digits;
/// - PINs written as `PIN 1234`;
/// - any literal secret the masker was given, such as the configured API key or the
///   device id.
///
/// Other numbers, ids, paths and words are left alone, so a masked log stays useful.
///
/// The rules scan the text's UTF-8 bytes once each, without regular expressions, as
/// they run on every log line.
public struct SecretMasker: Sendable {
  /// The replacement for a masked value.
  public static let placeholder = "<masked>"

  /// The masker with the standard rules and no literal secrets.
  public static let standard = SecretMasker()

  private let literals: [String]

  /// Creates a masker with the standard rules that also replaces every occurrence of
  /// each string in `literals` (strings shorter than 4 characters are ignored, so a
  /// short value cannot mask ordinary words).
  public init(literals: [String] = []) {
    self.literals = literals.filter { $0.count >= 4 }.stablySorted { $0.count > $1.count }
  }

  /// A masker with the same rules and more literal secrets.
  public func adding(literals more: [String]) -> SecretMasker {
    SecretMasker(literals: literals + more)
  }

  /// Whether a header or field name names a secret, so that its value is masked
  /// whatever it looks like: `Authorization`, `Cookie`, `loyalty-signature`,
  /// `unique-device-id`, `X-Api-Key`, `msisdn`, `cardholder`, ... (see the list above).
  public static func namesSecret(_ name: String) -> Bool {
    MaskedText(bytes: Array(name.utf8)).isSecretName
  }

  /// Returns `text` with every secret replaced.
  public func mask(_ text: String) -> String {
    guard !text.isEmpty else { return text }
    var result = text
    for literal in literals where result.contains(literal) {
      result = result.replacing(literal, with: Self.placeholder)
    }
    var bytes = Array(result.utf8)
    var changed = false
    for rule in MaskingRule.allCases {
      if let masked = rule.apply(to: bytes) {
        bytes = masked
        changed = true
      }
    }
    return changed ? String(decoding: bytes, as: UTF8.self) : result
  }
}
