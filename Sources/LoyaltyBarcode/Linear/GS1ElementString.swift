/// A GS1 element string in its human form, `(01)09501101530003(17)250101(10)ABC123`,
/// checked and made ready for a GS1-128 symbol.
///
/// Each element is an application identifier (AI) of two to four digits in parentheses and
/// its data. The checks are minimal: the AIs whose length the GS1 General Specifications
/// predefine (by their first two digits: 00 to 04, 11 to 20, 31 to 36, 41) must have that
/// many digits, and those that end in a check digit (00, 01, 02, 41x) the right one; some
/// common variable-length AIs have their maximum length and, where numeric, digits only;
/// any data is of GS1's 82 characters and not empty. An element of variable length that is
/// not the last is followed by an FNC1, a separator a scanner reports as GS (U+001D).
struct GS1ElementString {
  /// The symbol's elements for ``Code128Planner``: FNC1, each AI and its data, and an FNC1
  /// after each variable-length element but the last.
  private(set) var elements: [UInt8] = [Code128Planner.fnc1]
  /// What a scanner reports: the AIs and their data, a GS (U+001D) for each separating
  /// FNC1, and no parentheses.
  private(set) var text = ""
  /// GS1's count of data characters: the AIs', the data's and the separating FNC1s.
  private(set) var dataCharacters = 0

  /// A predefined length: the AI's digits and its data's (all digits), by the AI's first
  /// two digits.
  private static func predefined(_ prefix: Int) -> (ai: Int, data: Int)? {
    switch prefix {
    case 0: (2, 18)
    case 1, 2, 3: (2, 14)
    case 4: (2, 16)
    case 11...19: (2, 6)
    case 20: (2, 2)
    case 31...36: (4, 6)
    case 41: (3, 13)
    default: nil
    }
  }

  /// The maximum length of a common variable-length AI's data, and whether it is numeric.
  private static func variable(_ ai: String) -> (maximum: Int, numeric: Bool) {
    switch ai {
    case "10", "21", "22", "254": (20, false)
    case "30", "37": (8, true)
    case "240", "241", "250", "251", "400", "401", "403", "90": (30, false)
    case "8110", "8112", "8200": (70, false)
    default:
      if ai.count == 4, ai.hasPrefix("390") || ai.hasPrefix("392") {
        (15, true)
      } else {
        (90, false)
      }
    }
  }

  /// Parses `input`.
  ///
  /// - Throws: ``BarcodeError`` (``BarcodeError/Reason/invalidElementString(_:)``) saying
  ///   what is wrong, or ``BarcodeError/Reason/empty`` for an empty input.
  init(parsing input: String) throws(BarcodeError) {
    let bytes = Array(input.utf8)
    guard !bytes.isEmpty else { throw BarcodeError(.gs1128, .empty) }
    elements.reserveCapacity(bytes.count + 4)
    var index = 0
    var separatorPending = false
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "(") else {
        throw Self.error("expected \"(\" at offset \(index)")
      }
      guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else {
        throw Self.error("no \")\" after the \"(\" at offset \(index)")
      }
      let ai = bytes[(index + 1)..<close]
      guard (2...4).contains(ai.count), ai.allSatisfy(Self.isDigit) else {
        throw Self.error("an AI is 2 to 4 digits, not \"\(String(decoding: ai, as: UTF8.self))\"")
      }
      let end = bytes[(close + 1)...].firstIndex(of: UInt8(ascii: "(")) ?? bytes.count
      let data = bytes[(close + 1)..<end]
      let name = String(decoding: ai, as: UTF8.self)
      try Self.check(ai: name, data: data)
      if separatorPending {
        elements.append(Code128Planner.fnc1)
        text.unicodeScalars.append("\u{1D}")
        dataCharacters += 1
      }
      elements += ai
      elements += data
      text += name
      text += String(decoding: data, as: UTF8.self)
      dataCharacters += ai.count + data.count
      separatorPending = Self.predefined(Int(name.prefix(2)) ?? -1) == nil
      index = end
    }
  }

  /// Checks one element: its AI's length and its data's.
  private static func check(ai: String, data: ArraySlice<UInt8>) throws(BarcodeError) {
    guard !data.isEmpty else { throw error("(\(ai)) has no data") }
    if let invalid = data.first(where: { !isGS1Character($0) }) {
      let scalar = Unicode.Scalar(invalid)
      throw error("(\(ai)) has \"\(scalar.escaped(asASCII: true))\", outside GS1's characters")
    }
    if let fixed = predefined(Int(ai.prefix(2)) ?? -1) {
      guard ai.count == fixed.ai else { throw error("AI \(ai) is not of \(fixed.ai) digits") }
      guard data.count == fixed.data, data.allSatisfy(isDigit) else {
        throw error("(\(ai)) takes \(fixed.data) digits")
      }
      if ["00", "01", "02", "41"].contains(ai.prefix(2)) {
        let digits = data.map { $0 - 0x30 }
        let expected = UPCEAN.checkDigit(of: digits.dropLast())
        guard digits.last == expected else {
          throw error("(\(ai)) ends in check digit \(digits.last ?? 0), not \(expected)")
        }
      }
    } else {
      let rule = variable(ai)
      guard data.count <= rule.maximum else {
        throw error("(\(ai)) takes at most \(rule.maximum) characters")
      }
      guard !rule.numeric || data.allSatisfy(isDigit) else {
        throw error("(\(ai)) takes digits only")
      }
    }
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Whether `byte` is one of GS1's 82 characters (ISO/IEC 646 without space, `#`, `$`,
  /// `@`, the brackets and braces, backslash, `^`, backquote, `|` and `~`); `(` is one of
  /// them, but in this form it always opens an AI.
  private static func isGS1Character(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "%")...UInt8(ascii: "?"),
      UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
      UInt8(ascii: "a")...UInt8(ascii: "z"):
      true
    default: false
    }
  }

  /// An ``BarcodeError/Reason/invalidElementString(_:)`` of GS1-128.
  private static func error(_ why: String) -> BarcodeError {
    BarcodeError(.gs1128, .invalidElementString(why))
  }
}
