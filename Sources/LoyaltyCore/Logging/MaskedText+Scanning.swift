/// The scanning under ``MaskedText``'s rules: bytes and Unicode scalars read at an offset,
/// runs, case-insensitive words, `\s` and `\b`, and the character classes the rules'
/// patterns are written with.
extension MaskedText {
  // MARK: Scanning

  func byte(at index: Int) -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  func isQuote(at index: Int) -> Bool {
    index < bytes.count && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"))
  }

  /// The end of the run of bytes from `start` that satisfy `predicate`.
  func run(from start: Int, while predicate: (UInt8) -> Bool) -> Int {
    var index = start
    while index < bytes.count && predicate(bytes[index]) { index += 1 }
    return index
  }

  /// Whether `word` (lowercase ASCII) is at `index`, ignoring ASCII case.
  func hasPrefix(_ word: [UInt8], at index: Int) -> Bool {
    guard index >= 0 && index + word.count <= bytes.count else { return false }
    for offset in word.indices where Self.lowercased(bytes[index + offset]) != word[offset] {
      return false
    }
    return true
  }

  /// After the `\s+` (or `\s*`) that starts at `start`.
  func skipSpaces(from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      let (scalar, length) = scalar(at: index)
      guard Self.isSpace(scalar) else { break }
      index += length
    }
    return index
  }

  /// The scalar starting at `index` and its length in bytes.
  func scalar(at index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    guard lead >= 0x80 else { return (Unicode.Scalar(lead), 1) }
    let length = min(lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2, bytes.count - index)
    var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
    for offset in 1..<max(1, length) {
      value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// `\b` before the word character at `index`: the previous character, skipping
  /// combining marks and format characters, is not a word character.
  func isWordStart(_ index: Int) -> Bool {
    var end = index
    while end > 0 {
      var start = end - 1
      while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
      let (scalar, _) = scalar(at: start)
      if !Self.isIgnoredAtWordBoundary(scalar) { return !Self.isWord(scalar) }
      end = start
    }
    return true
  }

  /// `\b` after the word character before `index`.
  func isWordEnd(_ index: Int) -> Bool {
    guard index < bytes.count else { return true }
    let (scalar, _) = scalar(at: index)
    return !Self.isIgnoredAtWordBoundary(scalar) && !Self.isWord(scalar)
  }

  // MARK: Character classes

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isASCIILetter(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
  }

  static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || isDigit(byte)
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }

  /// `[A-Za-z0-9_-]`: key names and base64url.
  static func isKeyCharacter(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  /// `[A-Za-z0-9._~+/=<>-]`
  static func isCredentialCharacter(_ byte: UInt8) -> Bool {
    if isASCIIAlphanumeric(byte) { return true }
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"),
      UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "<"), UInt8(ascii: ">"),
      UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// `[A-Za-z0-9._%+-]`
  static func isEmailLocalCharacter(_ byte: UInt8) -> Bool {
    if isASCIIAlphanumeric(byte) { return true }
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "%"), UInt8(ascii: "+"),
      UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// `[A-Za-z0-9-]`
  static func isDomainCharacter(_ byte: UInt8) -> Bool {
    isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "-")
  }

  /// `[\s,&;}\])]`
  static func endsUnquotedValue(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ",", "&", ";", "}", "]", ")": true
    default: isSpace(scalar)
    }
  }

  /// `\s`: Unicode white space.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
  }

  /// `\w`: letters, marks, decimal digits, connector punctuation and the zero-width
  /// (non-)joiners.
  static func isWord(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return isASCIIAlphanumeric(byte) || byte == UInt8(ascii: "_")
    }
    if scalar.value == 0x200C || scalar.value == 0x200D { return true }
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
      return true
    default:
      return false
    }
  }

  /// Characters `\b` looks through: grapheme extenders and format characters.
  static func isIgnoredAtWordBoundary(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII
      && (scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format)
  }
}
