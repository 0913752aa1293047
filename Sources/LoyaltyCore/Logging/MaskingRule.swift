/// One rule of ``SecretMasker``: finds, in UTF-8 text, what it masks.
///
/// Each rule scans for exactly what the regular expression in its comment matches
/// (with ICU's meaning of `\b`, `\s` and `\W`), leftmost first and without overlaps,
/// in one pass over the bytes.
enum MaskingRule: CaseIterable {
  /// A JWT: three base64url parts, the first one a JSON header.
  /// `eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*`
  case jsonWebToken
  /// Authorization credentials.
  /// `(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=<>-]+`, keeping the first two groups.
  case credentials
  /// Values of keys that name a secret, quoted or not, in JSON (also JSON escaped inside
  /// a JSON string), forms, headers and logs.
  /// `(?i)((?<![A-Za-z0-9])\\?["']?(?:[A-Za-z0-9_-]*(?:token|password|passwd|secret|`
  /// `apikey|api_key|api-key|card[_-]?number|authorization|cookie|signature|`
  /// `device[_-]?id|msisdn|phone|phone[_-]?number|mobile[_-]?number|card[_-]?holder|`
  /// `holder[_-]?name|name_on_card)|(?:[A-Za-z0-9]*[_-])?(?:pin|otp|cvv|cvc))`
  /// `\\?["']?\s*[:=]\s*)("[^"]*"|'[^']*'|\\(["'])(?:(?!\\\3).)*\\\3|[^\s,&;}\])]+)`,
  /// keeping the first group.
  case secretValue
  /// Email addresses, with the `@` as it is or percent-encoded.
  /// `[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`
  case email
  /// International phone numbers: a `+` and 8 to 15 digits, optionally grouped with
  /// spaces or dashes.
  /// `(?<![A-Za-z0-9+])\+[0-9](?:[ -]?[0-9]){7,14}(?![0-9])`
  case phoneNumber
  /// Card numbers: 13 to 19 digits, optionally grouped with spaces or dashes, standing
  /// as a word of their own.
  /// `\b(?:[0-9][ -]?){12,18}[0-9]\b`
  case cardNumber
  /// A PIN written in prose.
  /// `(?i)\b(pin)(\W{1,3})[0-9]{3,12}\b`, keeping the first two groups.
  case pin

  /// `text` with every match replaced, or `nil` when nothing matches.
  func apply(to text: [UInt8]) -> [UInt8]? {
    var output: [UInt8] = []
    var copied = 0
    while copied < text.count, let masked = firstMatch(in: text, from: copied) {
      output.append(contentsOf: text[copied..<masked.lowerBound])
      output.append(contentsOf: replacement(for: text[masked]))
      copied = masked.upperBound
    }
    guard copied > 0 else { return nil }
    output.append(contentsOf: text[copied...])
    return output
  }

  /// What replaces the masked part of a match.
  private func replacement(for masked: ArraySlice<UInt8>) -> [UInt8] {
    switch self {
    case .email:
      return Array("<email>".utf8)
    case .phoneNumber:
      return Array("<phone>".utf8)
    case .cardNumber:
      let digits = masked.filter(MaskedText.isDigit)
      return Array("<card ****".utf8) + digits.suffix(4) + Array(">".utf8)
    case .jsonWebToken, .credentials, .secretValue, .pin:
      return Array(SecretMasker.placeholder.utf8)
    }
  }

  /// The part of the first match at or after `start` that is replaced: the whole match,
  /// or what follows the groups the rule keeps. Every rule's match ends where the
  /// replaced part ends.
  private func firstMatch(in text: [UInt8], from start: Int) -> Range<Int>? {
    let scanner = MaskedText(bytes: text)
    switch self {
    case .jsonWebToken: return scanner.jsonWebToken(from: start)
    case .credentials: return scanner.credentials(from: start)
    case .secretValue: return scanner.secretValue(from: start)
    case .email: return scanner.email(from: start)
    case .phoneNumber: return scanner.phoneNumber(from: start)
    case .cardNumber: return scanner.cardNumber(from: start)
    case .pin: return scanner.pin(from: start)
    }
  }
}
