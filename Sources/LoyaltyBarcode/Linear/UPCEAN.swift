/// What EAN-13, EAN-8 and UPC-A share: the digit patterns, the guards, the check digit and
/// the checks of a payload.
///
/// Each digit is seven modules of two bars and two spaces. A digit left of the centre guard
/// is drawn in set A (odd parity) or set B (even parity), a digit right of it in set C; the
/// pattern of sets A and B on the left of an EAN-13 encodes its first digit, which has no
/// bars of its own.
enum UPCEAN {
  /// The modules of the start and end guards: bar, space, bar.
  static let sideGuard: [Bool] = [true, false, true]
  /// The modules of the centre guard: space, bar, space, bar, space.
  static let centreGuard: [Bool] = [false, true, false, true, false]

  /// Set A's pattern of each digit, seven modules from the most significant bit (bit 6) to
  /// the least, 1 dark. Set C is its complement, set B set C read backwards.
  private static let setA: [UInt8] = [
    0b000_1101, 0b001_1001, 0b001_0011, 0b011_1101, 0b010_0011,
    0b011_0001, 0b010_1111, 0b011_1011, 0b011_0111, 0b000_1011,
  ]

  /// For each first digit of an EAN-13, which of the six left digits are in set B: bit 5 for
  /// the first of them, bit 0 for the last.
  static let firstDigitParity: [UInt8] = [
    0b00_0000, 0b00_1011, 0b00_1101, 0b00_1110, 0b01_0011,
    0b01_1001, 0b01_1100, 0b01_0101, 0b01_0110, 0b01_1010,
  ]

  /// The three sets a digit is drawn in.
  enum DigitSet {
    /// Left of the centre, odd parity.
    case a
    /// Left of the centre, even parity (EAN-13 only).
    case b
    /// Right of the centre.
    case c
  }

  /// Writes the seven modules of `digit` in `set` at `offset` of `bars`, and moves `offset`
  /// past them.
  static func write(
    digit: UInt8, set: DigitSet, into bars: inout [Bool], at offset: inout Int
  ) {
    let pattern: UInt8
    switch set {
    case .a: pattern = setA[Int(digit)]
    case .c: pattern = ~setA[Int(digit)] & 0x7F
    case .b: pattern = reversed7(~setA[Int(digit)] & 0x7F)
    }
    for bit in stride(from: 6, through: 0, by: -1) {
      bars[offset] = pattern & (1 << UInt8(bit)) != 0
      offset += 1
    }
  }

  /// Writes `guardModules` at `offset` of `bars`, and moves `offset` past them.
  static func write(guard guardModules: [Bool], into bars: inout [Bool], at offset: inout Int) {
    for module in guardModules {
      bars[offset] = module
      offset += 1
    }
  }

  /// The seven low bits of `value` in the opposite order.
  private static func reversed7(_ value: UInt8) -> UInt8 {
    var result: UInt8 = 0
    for bit in 0..<7 where value & (1 << UInt8(bit)) != 0 {
      result |= 1 << UInt8(6 - bit)
    }
    return result
  }

  /// The check digit of `digits` (each 0...9): weights 3 and 1 alternating from the
  /// rightmost digit, which has weight 3; the digit that brings the sum to a multiple of 10.
  static func checkDigit<Digits: Collection<UInt8>>(of digits: Digits) -> UInt8 {
    var sum = 0
    var weight = 3
    for digit in digits.reversed() {
      sum += Int(digit) * weight
      weight = 4 - weight
    }
    return UInt8((10 - sum % 10) % 10)
  }

  /// The digits of `payload` with its check digit: the payload's digits and the computed
  /// check digit when it has `lengths.data` digits, or its digits when it has `lengths.data
  /// + 1` and the last is the right check digit.
  ///
  /// - Throws: ``BarcodeError`` for an empty payload, a character other than an ASCII digit,
  ///   another length, or a wrong check digit.
  static func digits(
    of payload: String, dataLength: Int, symbology: Symbology
  ) throws(BarcodeError) -> [UInt8] {
    var digits: [UInt8] = []
    digits.reserveCapacity(dataLength + 1)
    var offset = 0
    for character in payload {
      guard let ascii = character.asciiValue, ascii >= 0x30, ascii <= 0x39 else {
        throw BarcodeError(symbology, .unsupportedCharacter(character, offset: offset))
      }
      offset += 1
      guard offset <= dataLength + 1 else {
        throw BarcodeError(
          symbology,
          .invalidLength(allowed: [dataLength, dataLength + 1], actual: payload.count))
      }
      digits.append(ascii - 0x30)
    }
    guard !digits.isEmpty else { throw BarcodeError(symbology, .empty) }
    let expected = checkDigit(of: digits.prefix(dataLength))
    if digits.count == dataLength {
      digits.append(expected)
    } else if digits.count == dataLength + 1 {
      guard digits[dataLength] == expected else {
        throw BarcodeError(
          symbology,
          .invalidCheckDigit(
            expected: character(expected), actual: character(digits[dataLength])))
      }
    } else {
      throw BarcodeError(
        symbology, .invalidLength(allowed: [dataLength, dataLength + 1], actual: digits.count))
    }
    return digits
  }

  /// The ASCII character of `digit` (0...9).
  static func character(_ digit: UInt8) -> Character {
    Character(Unicode.Scalar(0x30 + digit))
  }

  /// `digits` (each 0...9) as text, with a space before each offset in `breaks`.
  static func text(_ digits: [UInt8], breaks: [Int] = []) -> String {
    var scalars = String.UnicodeScalarView()
    for (offset, digit) in digits.enumerated() {
      if breaks.contains(offset) { scalars.append(" ") }
      scalars.append(Unicode.Scalar(0x30 + digit))
    }
    return String(scalars)
  }
}
