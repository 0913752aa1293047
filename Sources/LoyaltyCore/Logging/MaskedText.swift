/// UTF-8 text that ``MaskingRule`` scans: each method finds the first match of one rule
/// at or after a byte offset and returns the byte range the rule replaces. The rules are
/// here; what they scan with (bytes, scalars, word boundaries, character classes) is in
/// `MaskedText+Scanning.swift`.
///
/// Character classes written with ASCII ranges match ASCII only, as in the regular
/// expressions the rules describe; `\s`, `\b` and `\W` use Unicode properties as ICU
/// does (white space; letters, marks, decimal digits and connector punctuation as word
/// characters; combining marks and format characters ignored at a word boundary).
struct MaskedText {
  let bytes: [UInt8]

  private static let longSecretKeys = [
    "token", "password", "passwd", "secret", "apikey", "api_key", "api-key", "card_number",
    "cardnumber", "card-number", "authorization", "cookie", "signature", "device_id",
    "deviceid", "device-id", "msisdn", "phone", "phone_number", "phonenumber", "phone-number",
    "mobile_number", "mobilenumber", "mobile-number", "cardholder", "card_holder",
    "card-holder", "holder_name", "holdername", "holder-name", "name_on_card",
  ].map { Array($0.utf8) }
  private static let shortSecretKeys = ["pin", "otp", "cvv", "cvc"].map { Array($0.utf8) }
  private static let bearer = Array("bearer".utf8)
  private static let basic = Array("basic".utf8)
  private static let pinWord = Array("pin".utf8)

  // MARK: Rules

  /// `eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*`, whole.
  func jsonWebToken(from start: Int) -> Range<Int>? {
    var index = start
    while index + 2 < bytes.count {
      if bytes[index] == UInt8(ascii: "e") && bytes[index + 1] == UInt8(ascii: "y")
        && bytes[index + 2] == UInt8(ascii: "J")
      {
        let header = index + 3
        let headerEnd = run(from: header, while: Self.isKeyCharacter)
        if headerEnd - header >= 2, byte(at: headerEnd) == UInt8(ascii: ".") {
          let payloadEnd = run(from: headerEnd + 1, while: Self.isKeyCharacter)
          if payloadEnd - headerEnd - 1 >= 2, byte(at: payloadEnd) == UInt8(ascii: ".") {
            return index..<run(from: payloadEnd + 1, while: Self.isKeyCharacter)
          }
        }
      }
      index += 1
    }
    return nil
  }

  /// The credentials of `(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/=<>-]+`.
  func credentials(from start: Int) -> Range<Int>? {
    var index = start
    while index < bytes.count {
      if Self.lowercased(bytes[index]) == UInt8(ascii: "b") {
        let word =
          hasPrefix(Self.bearer, at: index)
          ? index + Self.bearer.count
          : hasPrefix(Self.basic, at: index) ? index + Self.basic.count : nil
        if let word, isWordStart(index) {
          let credentials = skipSpaces(from: word)
          if credentials > word {
            let end = run(from: credentials, while: Self.isCredentialCharacter)
            if end > credentials { return credentials..<end }
          }
        }
      }
      index += 1
    }
    return nil
  }

  /// The value (second group) of the secret key-value rule; see
  /// ``MaskingRule/secretValue``.
  func secretValue(from start: Int) -> Range<Int>? {
    var index = start
    while index < bytes.count {
      guard Self.isKeyCharacter(bytes[index]) else {
        index += 1
        continue
      }
      let keyStart = index
      let keyEnd = run(from: index, while: Self.isKeyCharacter)
      index = keyEnd
      // Most words are not followed by `:` or `=`: look for a value before comparing
      // the word with every secret key.
      if let valueStart = valueStart(after: keyEnd), namesSecret(from: keyStart, to: keyEnd),
        let value = value(at: valueStart)
      {
        return value
      }
    }
    return nil
  }

  /// `[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`, whole:
  /// the `@` may be percent-encoded, as in a form body.
  func email(from start: Int) -> Range<Int>? {
    var index = start
    // The last `%40` examined: where it ends and where the local characters before it
    // start. `%40` is made of local characters, so a later local part that reaches it
    // goes on to there; remembering it keeps the scan linear.
    var previous: (end: Int, localStart: Int)?
    while let at = bytes[index...].firstIndex(where: {
      $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "%")
    }) {
      index = at + 1
      let domain: Int
      if bytes[at] == UInt8(ascii: "@") {
        domain = at + 1
      } else if byte(at: at + 1) == UInt8(ascii: "4"), byte(at: at + 2) == UInt8(ascii: "0") {
        domain = at + 3
      } else {
        continue
      }
      var local = at
      while local > start && Self.isEmailLocalCharacter(bytes[local - 1]) {
        if let previous, local == previous.end {
          local = previous.localStart
          break
        }
        local -= 1
      }
      if domain == at + 3 { previous = (domain, local) }
      if local < at, let end = domainEnd(from: domain) { return local..<end }
    }
    return nil
  }

  /// `(?<![A-Za-z0-9+])\+[0-9](?:[ -]?[0-9]){7,14}(?![0-9])`, whole: an international
  /// phone number, 8 to 15 digits after a `+`.
  func phoneNumber(from start: Int) -> Range<Int>? {
    var index = start
    while let plus = bytes[index...].firstIndex(of: UInt8(ascii: "+")) {
      index = plus + 1
      if plus > 0 && (Self.isASCIIAlphanumeric(bytes[plus - 1]) || bytes[plus - 1] == bytes[plus]) {
        continue
      }
      if byte(at: plus + 1).map(Self.isDigit) == true,
        let end = groupedDigitsEnd(from: plus + 1, count: 8...15)
      {
        return plus..<end
      }
    }
    return nil
  }

  /// `\b(?:[0-9][ -]?){12,18}[0-9]\b`, whole: a word of its own, so the digits inside an
  /// id or a path (a UUID's `AB123456-7890-4123-8...`) are left alone.
  func cardNumber(from start: Int) -> Range<Int>? {
    var index = start
    while index < bytes.count {
      if Self.isDigit(bytes[index]) && isWordStart(index),
        let end = cardNumberEnd(from: index), isWordEnd(end)
      {
        return index..<end
      }
      index += 1
    }
    return nil
  }

  /// The digits of `(?i)\b(pin)(\W{1,3})[0-9]{3,12}\b`.
  func pin(from start: Int) -> Range<Int>? {
    var index = start
    while index + 2 < bytes.count {
      if hasPrefix(Self.pinWord, at: index) && isWordStart(index) {
        var digits = index + Self.pinWord.count
        var separators = 0
        while separators < 3 && digits < bytes.count {
          let (scalar, length) = scalar(at: digits)
          guard !Self.isWord(scalar) else { break }
          digits += length
          separators += 1
        }
        let end = run(from: digits, while: Self.isDigit)
        if separators > 0 && (3...12).contains(end - digits) && isWordEnd(end) {
          return digits..<end
        }
      }
      index += 1
    }
    return nil
  }

  /// Whether the whole text, a header or field name, names a secret by the rule of
  /// ``secretValue(from:)``: ignoring ASCII case, it ends in a secret key.
  var isSecretName: Bool {
    !bytes.isEmpty && namesSecret(from: 0, to: bytes.count)
  }

  // MARK: Rule parts

  /// Whether the run of key characters `start..<end` ends in a key that names a secret,
  /// from a position the `(?<![A-Za-z0-9])` look-behind allows.
  private func namesSecret(from start: Int, to end: Int) -> Bool {
    let startAllowed = start == 0 || !Self.isASCIIAlphanumeric(bytes[start - 1])
    // The first allowed start: the run's, or just after a `_` or `-` inside it.
    var firstAllowed = start
    if !startAllowed {
      firstAllowed = end
      for index in start + 1..<max(start + 1, end) where !Self.isASCIIAlphanumeric(bytes[index - 1])
      {
        firstAllowed = index
        break
      }
    }
    for key in Self.longSecretKeys
    where end - key.count >= firstAllowed && hasPrefix(key, at: end - key.count) {
      return true
    }
    let short = end - 3
    guard short >= start else { return false }
    let shortAllowed = short == start ? startAllowed : !Self.isASCIIAlphanumeric(bytes[short - 1])
    return shortAllowed && Self.shortSecretKeys.contains { hasPrefix($0, at: short) }
  }

  /// Where a value starts after `\\?["']?\s*[:=]\s*` following a key that ends at
  /// `keyEnd`, or `nil` when no separator follows the key.
  private func valueStart(after keyEnd: Int) -> Int? {
    var index = keyEnd
    if isQuote(at: index) {
      index += 1
    } else if byte(at: index) == UInt8(ascii: "\\") && isQuote(at: index + 1) {
      index += 2
    }
    index = skipSpaces(from: index)
    guard let separator = byte(at: index),
      separator == UInt8(ascii: ":") || separator == UInt8(ascii: "=")
    else { return nil }
    let start = skipSpaces(from: index + 1)
    return start < bytes.count ? start : nil
  }

  /// The value of `("[^"]*"|'[^']*'|\\(["'])(?:(?!\\\2).)*\\\2|[^\s,&;}\])]+)` at
  /// `start`.
  private func value(at start: Int) -> Range<Int>? {
    let first = bytes[start]
    if isQuote(at: start), let close = bytes[(start + 1)...].firstIndex(of: first) {
      return start..<close + 1
    }
    // JSON inside a JSON string: `\"key\":\"value\"`.
    if first == UInt8(ascii: "\\"), isQuote(at: start + 1) {
      let quote = bytes[start + 1]
      var close = start + 2
      while close + 1 < bytes.count {
        if bytes[close] == UInt8(ascii: "\\") && bytes[close + 1] == quote {
          return start..<close + 2
        }
        close += 1
      }
    }
    var end = start
    while end < bytes.count {
      let (scalar, length) = scalar(at: end)
      guard !Self.endsUnquotedValue(scalar) else { break }
      end += length
    }
    return end > start ? start..<end : nil
  }

  /// Where an email's domain starting at `start` ends: after the letters that begin its
  /// last label that starts with at least two letters, at least one label in.
  private func domainEnd(from start: Int) -> Int? {
    var index = run(from: start, while: Self.isDomainCharacter)
    guard index > start else { return nil }
    var end: Int?
    while byte(at: index) == UInt8(ascii: ".") {
      let label = index + 1
      let labelEnd = run(from: label, while: Self.isDomainCharacter)
      guard labelEnd > label else { break }
      let letters = run(from: label, while: Self.isASCIILetter)
      if letters - label >= 2 { end = letters }
      index = labelEnd
    }
    return end
  }

  /// Where the longest card number (13 to 19 digits) starting at `start` ends; its last
  /// digit must not be followed directly by another.
  private func cardNumberEnd(from start: Int) -> Int? {
    groupedDigitsEnd(from: start, count: 13...19)
  }

  /// Where the longest run of `count` digits starting with the digit at `start`, each
  /// optionally preceded by one space or dash, ends; its last digit must not be followed
  /// directly by another.
  private func groupedDigitsEnd(from start: Int, count limits: ClosedRange<Int>) -> Int? {
    var digit = start
    var count = 0
    var end: Int?
    while true {
      count += 1
      let followedByDigit = byte(at: digit + 1).map(Self.isDigit) ?? false
      if count >= limits.lowerBound && !followedByDigit { end = digit + 1 }
      if count == limits.upperBound { break }
      if followedByDigit {
        digit += 1
      } else if let separator = byte(at: digit + 1),
        separator == UInt8(ascii: " ") || separator == UInt8(ascii: "-"),
        byte(at: digit + 2).map(Self.isDigit) ?? false
      {
        digit += 2
      } else {
        break
      }
    }
    return end
  }
}
