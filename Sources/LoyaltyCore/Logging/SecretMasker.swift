import Foundation

/// Masks secrets in text before it is logged or put in an error.
///
/// The standard masker replaces:
/// - JWTs (`eyJ...`), wherever they appear;
/// - the credentials after `Bearer` and `Basic`;
/// - the values of keys that name a secret (`access_token`, `refreshToken`,
///   `password`, `client_secret`, `api_key`, `pin`, `otp`, `cvv`, `card_number`, ...),
///   in JSON, form and `key=value` text;
/// - email addresses;
/// - card numbers (13 to 19 digits, with or without spaces or dashes), keeping the
///   last four digits;
/// - PINs written as `PIN 1234`;
/// - any literal secret the masker was given, such as the configured API key.
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
    self.literals = literals.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
  }

  /// A masker with the same rules and more literal secrets.
  public func adding(literals more: [String]) -> SecretMasker {
    SecretMasker(literals: literals + more)
  }

  /// Returns `text` with every secret replaced.
  public func mask(_ text: String) -> String {
    guard !text.isEmpty else { return text }
    var result = text
    for literal in literals where result.contains(literal) {
      result = result.replacingOccurrences(of: literal, with: Self.placeholder)
    }
    for rule in MaskingRule.all {
      result = rule.apply(to: result)
    }
    return result
  }
}

/// One masking rule: a pattern and how to rewrite what it matches.
private struct MaskingRule: Sendable {
  let expression: MaskingExpression
  let rewrite: @Sendable (_ match: NSTextCheckingResult, _ text: NSString) -> String

  func apply(to text: String) -> String {
    guard let regex = expression.regex else { return text }
    let source = text as NSString
    let matches = regex.matches(
      in: text, range: NSRange(location: 0, length: source.length))
    guard !matches.isEmpty else { return text }
    let output = NSMutableString(string: text)
    for match in matches.reversed() {
      output.replaceCharacters(in: match.range, with: rewrite(match, source))
    }
    return output as String
  }

  static func group(_ match: NSTextCheckingResult, _ index: Int, _ text: NSString) -> String {
    let range = match.range(at: index)
    return range.location == NSNotFound ? "" : text.substring(with: range)
  }

  static let all: [MaskingRule] = [
    // A JWT: three base64url parts, the first one a JSON header.
    MaskingRule(
      expression: MaskingExpression(
        #"eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*"#)
    ) { _, _ in SecretMasker.placeholder },
    // Authorization credentials.
    MaskingRule(
      expression: MaskingExpression(#"(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=<>-]+"#)
    ) { match, text in
      group(match, 1, text) + group(match, 2, text) + SecretMasker.placeholder
    },
    // Values of keys that name a secret, quoted or not, in JSON, forms and logs.
    MaskingRule(
      expression: MaskingExpression(
        #"(?i)((?<![A-Za-z0-9])["']?(?:[A-Za-z0-9_-]*(?:token|password|passwd|secret|apikey|api_key|api-key|card_?number|cardnumber|authorization)|(?:[A-Za-z0-9]*[_-])?(?:pin|otp|cvv|cvc))["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,&;}\])]+)"#
      )
    ) { match, text in
      group(match, 1, text) + SecretMasker.placeholder
    },
    // Email addresses.
    MaskingRule(
      expression: MaskingExpression(
        #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"#)
    ) { _, _ in "<email>" },
    // Card numbers: 13 to 19 digits, optionally grouped with spaces or dashes.
    MaskingRule(
      expression: MaskingExpression(#"(?<![0-9])(?:[0-9][ -]?){12,18}[0-9](?![0-9])"#)
    ) { match, text in
      let digits = text.substring(with: match.range).filter(\.isNumber)
      return "<card ****\(digits.suffix(4))>"
    },
    // A PIN written in prose.
    MaskingRule(
      expression: MaskingExpression(#"(?i)\b(pin)(\W{1,3})[0-9]{3,12}\b"#)
    ) { match, text in
      group(match, 1, text) + group(match, 2, text) + SecretMasker.placeholder
    },
  ]
}

/// A compiled regular expression shared by every masker.
///
/// `NSRegularExpression` is immutable after creation and documented as safe to use
/// from several threads at once; it is not declared `Sendable` on every platform,
/// hence the unchecked conformance.
private struct MaskingExpression: @unchecked Sendable {
  /// `nil` only if the pattern does not compile; the test suite exercises every
  /// pattern, so that cannot ship, and a rule without a regex leaves text unchanged
  /// rather than crash a host.
  let regex: NSRegularExpression?

  init(_ pattern: String) {
    regex = try? NSRegularExpression(pattern: pattern)
  }
}
