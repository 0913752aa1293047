import LoyaltyCore

/// A small deterministic generator (SplitMix64), so a failing case can be replayed.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

/// Random JSON values, and random ways of writing them as text.
struct RandomJSON {
  var random: SeededRandom

  /// Characters strings are made of: ASCII, JSON's specials, controls, non-ASCII and
  /// astral scalars.
  private static let alphabet: [Character] = Array(
    "abcXYZ019 _-./\\\"'{}[]:,éüßж中文😀🎉\u{7F}\u{2028}\u{FFFD}\u{00}\u{01}\u{08}\u{09}\u{0A}\u{0C}\u{0D}\u{1F}"
  )

  mutating func value(depth: Int = 0) -> JSONValue {
    let kind =
      depth >= 4 ? Int.random(in: 0..<5, using: &random) : Int.random(in: 0..<7, using: &random)
    switch kind {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .integer(integer())
    case 3: return number()
    case 4: return .string(string())
    case 5:
      return .array(
        (0..<Int.random(in: 0..<5, using: &random)).map { _ in value(depth: depth + 1) })
    default:
      var object: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0..<5, using: &random) {
        object[string(maxLength: 6)] = value(depth: depth + 1)
      }
      return .object(object)
    }
  }

  mutating func integer() -> Int {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: Int.random(in: -10...10, using: &random)
    case 1: Int.random(in: -1_000_000...1_000_000, using: &random)
    case 2: [Int.min, Int.max, 0, -1].randomElement(using: &random) ?? 0
    default: Int.random(in: Int.min...Int.max, using: &random)
    }
  }

  /// A number that is not whole, or too large for `Int`.
  mutating func number() -> JSONValue {
    let mantissa = Double.random(in: 1..<10, using: &random)
    let exponent = Int.random(in: -320...300, using: &random)
    var value = mantissa * pow10(exponent)
    if Bool.random(using: &random) { value = -value }
    guard value.isFinite, value != value.rounded() || abs(value) >= 1e19 else {
      return .number(0.5)
    }
    return .number(value)
  }

  mutating func string(maxLength: Int = 12) -> String {
    String(
      (0..<Int.random(in: 0...maxLength, using: &random)).map { _ in
        Self.alphabet.randomElement(using: &random) ?? "a"
      })
  }

  /// `value` as JSON text, with random whitespace, escapes and number spellings.
  mutating func text(of value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .integer(let number):
      // A whole number may also be written with a fraction or an exponent.
      switch Int.random(in: 0..<6, using: &random) {
      case 0 where number.magnitude < 1 << 52: return "\(number).0"
      case 1 where number.magnitude < 1 << 52 && number % 100 == 0 && number != 0:
        return "\(number / 100)e2"
      default: return String(number)
      }
    case .number(let number):
      return Bool.random(using: &random) ? "\(number)" : "\(number)".uppercased()
    case .string(let text): return quoted(text)
    case .array(let elements):
      let items = elements.map { space() + text(of: $0) + space() }
      let trailing = !items.isEmpty && Int.random(in: 0..<8, using: &random) == 0 ? "," : ""
      return "[" + items.joined(separator: ",") + trailing + "]"
    case .object(let object):
      // In a seeded order: a dictionary's own order changes from one process to the next.
      let ordered = object.sorted { $0.key < $1.key }.shuffled(using: &random)
      let members = ordered.map {
        space() + quoted($0.key) + space() + ":" + space() + text(of: $0.value) + space()
      }
      let trailing = !members.isEmpty && Int.random(in: 0..<8, using: &random) == 0 ? "," : ""
      return "{" + members.joined(separator: ",") + trailing + "}"
    }
  }

  private mutating func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\u{08}": result += "\\b"
      case _ where scalar.value < 0x20 || Int.random(in: 0..<6, using: &random) == 0:
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          let padded = String(repeating: "0", count: 4 - hex.count) + hex
          result += "\\u" + (Bool.random(using: &random) ? padded : padded.uppercased())
        }
      case "/" where Bool.random(using: &random): result += "\\/"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private mutating func space() -> String {
    ["", "", "", " ", "\n", "\t", " \r\n "].randomElement(using: &random) ?? ""
  }

  private func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    let base = exponent < 0 ? 0.1 : 10.0
    for _ in 0..<abs(exponent) { result *= base }
    return result
  }
}
