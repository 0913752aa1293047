/// A small, fast, seeded random number generator (SplitMix64), so the same seed gives the
/// same fixtures on every platform and toolchain.
///
/// Values are derived with this type's own arithmetic rather than the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  /// A generator for one part of the fixtures, independent of the others: adding a
  /// campaign never changes the merchants.
  init(seed: UInt64, stream: String) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in stream.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    state = seed ^ hash
  }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var value = state
    value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
    value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
    return value ^ (value >> 31)
  }

  /// An integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    // Wrapping arithmetic: a range as wide as `Int` itself does not overflow.
    let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    let offset = span == 0 ? next() : next() % span
    return range.lowerBound &+ Int(truncatingIfNeeded: offset)
  }

  /// A number in `lower..<upper`.
  mutating func double(_ lower: Double, _ upper: Double) -> Double {
    let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
    return lower + (upper - lower) * unit
  }

  /// Whether an event with probability `percent` out of 100 happens.
  mutating func chance(_ percent: Int) -> Bool {
    int(0...99) < percent
  }

  /// An element of `elements`, which must not be empty.
  mutating func pick<T>(_ elements: [T]) -> T {
    elements[int(0...(elements.count - 1))]
  }

  /// `count` hexadecimal digits.
  mutating func hex(_ count: Int) -> String {
    var text = ""
    text.reserveCapacity(count)
    while text.count < count {
      let word = String(next(), radix: 16)
      text += String(repeating: "0", count: 16 - word.count) + word
    }
    return String(text.prefix(count))
  }

  /// A lowercase UUID in its dashed form.
  mutating func uuid() -> String {
    let digits = Array(hex(32))
    return String(digits[0..<8]) + "-" + String(digits[8..<12]) + "-" + String(digits[12..<16])
      + "-" + String(digits[16..<20]) + "-" + String(digits[20..<32])
  }

  /// `count` decimal digits.
  mutating func digits(_ count: Int) -> String {
    String((0..<count).map { _ in Character(String(int(0...9))) })
  }

  /// A valid EAN-13: 12 drawn digits and their check digit (a thirteenth digit is drawn
  /// and replaced, so the values drawn after it are those of 13 digits).
  ///
  /// The check digit is GS1's: weights 3 and 1 from the rightmost data digit. The sandbox
  /// does not link LoyaltyBarcode for it (that would add the whole product to every host
  /// of the sandbox); `MarketBarcodeTests` draws and scans every coupon it makes.
  mutating func ean13() -> String {
    let data = digits(13).prefix(12).compactMap(\.wholeNumberValue)
    var sum = 0
    for (index, digit) in data.reversed().enumerated() {
      sum += digit * (index.isMultiple(of: 2) ? 3 : 1)
    }
    return data.map(String.init).joined() + String((10 - sum % 10) % 10)
  }
}
