/// Chooses Code 128's code sets so that a message takes the fewest symbol characters.
///
/// The message is a list of elements: an ASCII byte (0 to 127) or ``fnc1``. Set A holds
/// the control characters, upper case and digits; set B upper and lower case and digits;
/// set C pairs of digits, one symbol character each. Changing set costs one character (a
/// latch); one character of the other of sets A and B costs one more (a shift), which is
/// cheaper than two latches when the set is taken up again after it. The planner finds the
/// cheapest sequence by dynamic programming over the message from its end: for each
/// element and each set, the cost of the rest of the message when that set is current.
enum Code128Planner {
  /// The element of an FNC1 symbol character (not an ASCII byte).
  static let fnc1: UInt8 = 128

  /// A code set.
  enum CodeSet {
    /// Control characters, upper case, digits and punctuation.
    case a
    /// Upper and lower case, digits and punctuation.
    case b
    /// Pairs of digits.
    case c
  }

  /// The cost of the rest of the message in each set, in symbol characters.
  struct Costs {
    /// The cost in set A.
    var a: Int
    /// The cost in set B.
    var b: Int
    /// The cost in set C.
    var c: Int

    /// A cost no plan reaches: the set cannot encode the element.
    static let impossible = Int.max / 4

    /// Zero in every set: the end of the message.
    static let zero = Costs(a: 0, b: 0, c: 0)

    /// The cost in `set`.
    subscript(set: CodeSet) -> Int {
      switch set {
      case .a: a
      case .b: b
      case .c: c
      }
    }
  }

  /// The order in which ties between sets are broken: B, then A, then C, so that set C is
  /// taken only where it saves a character.
  private static let preference: [CodeSet] = [.b, .a, .c]

  /// Whether `element` is an ASCII digit.
  private static func isDigit(_ element: UInt8) -> Bool { element >= 0x30 && element <= 0x39 }

  /// The cost of the message from `element` on in each set when that set is current and
  /// `element` is encoded in it, with no latch first.
  ///
  /// - Parameters:
  ///   - next: the element after it, if any.
  ///   - after1: ``best(_:)`` of the message after `element`.
  ///   - after2: ``best(_:)`` of the message after `next` (unused without `next`).
  private static func stay(_ element: UInt8, next: UInt8?, after1: Costs, after2: Costs)
    -> Costs
  {
    let inA = element == fnc1 || element < 96
    let inB = element == fnc1 || element >= 32
    var inC = Costs.impossible
    if element == fnc1 {
      inC = 1 + after1.c
    } else if let next, isDigit(element), isDigit(next) {
      inC = 1 + after2.c
    }
    return Costs(a: (inA ? 1 : 2) + after1.a, b: (inB ? 1 : 2) + after1.b, c: inC)
  }

  /// The cost in each set when it is current, a latch to another set allowed first.
  private static func best(_ stay: Costs) -> Costs {
    Costs(
      a: min(stay.a, 1 + min(stay.b, stay.c)), b: min(stay.b, 1 + min(stay.a, stay.c)),
      c: min(stay.c, 1 + min(stay.a, stay.b)))
  }

  /// The number of symbol characters of the cheapest plan of `elements`, start, check and
  /// stop characters excluded; it keeps no table, so it suits a message of any length.
  static func cost(of elements: [UInt8]) -> Int {
    var after1 = Costs.zero
    var after2 = Costs.zero
    var first = Costs.zero
    for index in elements.indices.reversed() {
      let next = index + 1 < elements.count ? elements[index + 1] : nil
      first = stay(elements[index], next: next, after1: after1, after2: after2)
      after2 = after1
      after1 = best(first)
    }
    return min(first.a, first.b, first.c)
  }

  /// The values of the cheapest plan of `elements` (not empty): its start character, then
  /// the data, latch, shift and FNC1 characters, without check and stop characters.
  static func plan(_ elements: [UInt8]) -> [UInt8] {
    let count = elements.count
    var stays = [Costs](repeating: .zero, count: count + 1)
    var bests = [Costs](repeating: .zero, count: count + 2)
    for index in elements.indices.reversed() {
      let next = index + 1 < count ? elements[index + 1] : nil
      stays[index] = stay(
        elements[index], next: next, after1: bests[index + 1], after2: bests[index + 2])
      bests[index] = best(stays[index])
    }
    var values: [UInt8] = []
    values.reserveCapacity(min(count, 200) + 8)
    var set = preference.min { stays[0][$0] < stays[0][$1] } ?? .b
    values.append(startValue(set))
    var index = 0
    while index < count {
      if stays[index][set] != bests[index][set] {
        let target = preference.first { $0 != set && 1 + stays[index][$0] == bests[index][set] }
        let newSet = target ?? .b
        values.append(latchValue(to: newSet))
        set = newSet
      }
      index += encode(elements, at: index, in: set, into: &values)
    }
    return values
  }

  /// Appends the value (or shift and value) of the element at `index` in `set`, or of it
  /// and the next in set C, and returns how many elements it took.
  private static func encode(
    _ elements: [UInt8], at index: Int, in set: CodeSet, into values: inout [UInt8]
  ) -> Int {
    let element = elements[index]
    if element == fnc1 {
      values.append(Code128Patterns.fnc1)
      return 1
    }
    switch set {
    case .c:
      values.append((element - 0x30) * 10 + elements[index + 1] - 0x30)
      return 2
    case .a:
      if element >= 96 {
        values.append(Code128Patterns.shift)
        values.append(element - 32)
      } else {
        values.append(element < 32 ? element + 64 : element - 32)
      }
      return 1
    case .b:
      if element < 32 {
        values.append(Code128Patterns.shift)
        values.append(element + 64)
      } else {
        values.append(element - 32)
      }
      return 1
    }
  }

  /// The start character of `set`.
  private static func startValue(_ set: CodeSet) -> UInt8 {
    switch set {
    case .a: Code128Patterns.startA
    case .b: Code128Patterns.startB
    case .c: Code128Patterns.startC
    }
  }

  /// The latch to `target` from another set.
  private static func latchValue(to target: CodeSet) -> UInt8 {
    switch target {
    case .a: Code128Patterns.codeA
    case .b: Code128Patterns.codeB
    case .c: Code128Patterns.codeC
    }
  }
}
