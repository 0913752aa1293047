/// A payload's bytes cut into segments of numeric, alphanumeric and byte mode, with the
/// fewest bits for one group of versions.
///
/// The cut is found by a dynamic program over the bytes whose states are the mode of the
/// current segment and, for numeric and alphanumeric mode, how many characters its last
/// unfinished group holds: a digit costs 4, 3 and 3 bits as a group of three fills
/// (1 digit 4 bits, 2 digits 7, 3 digits 10) and an alphanumeric character 6 then 5 bits
/// (1 character 6 bits, 2 characters 11), so the costs are exact and the cut is optimal
/// for the version group. A byte of UTF-8 above 0x7F is byte mode only, so a character is
/// never split between segments.
struct QRSegmentation: Sendable {
  /// A run of the payload's bytes in one mode.
  struct Segment: Sendable, Hashable {
    /// The mode.
    var mode: QRMode
    /// The offset of its first byte in the payload.
    var start: Int
    /// Its length in bytes, which is its character count.
    var count: Int
  }

  /// The segments, in order, covering every byte.
  var segments: [Segment]
  /// The bits of the whole bit stream before the terminator: the ECI designator when
  /// there is one, then each segment's mode, count and data.
  var bitCount: Int

  /// Bits of an ECI designator below 128: the mode indicator and one byte.
  static let eciBits = 12

  /// One byte segment holding all of `count` bytes.
  static func bytes(count: Int, group: Int, eci: Bool) -> QRSegmentation {
    let segments = [Segment(mode: .byte, start: 0, count: count)]
    return QRSegmentation(segments: segments, bits: 8 * count, group: group, eci: eci)
  }

  /// `segments`, each cut in pieces its count field can hold, and their bits: `bits` of
  /// data, plus each piece's header, plus the ECI designator.
  ///
  /// A piece beyond the first only occurs in a payload too long for the group's largest
  /// version (1,024 digits already need more bits than version 9 holds, 4,096 more than
  /// version 26 holds), so the cut need not be optimal then, only correctly counted.
  private init(segments: [Segment], bits: Int, group: Int, eci: Bool) {
    var pieces: [Segment] = []
    pieces.reserveCapacity(segments.count)
    var total = bits + (eci ? Self.eciBits : 0)
    for segment in segments {
      let maximum = segment.mode.maximumCount(group: group)
      var start = segment.start
      let end = segment.start + segment.count
      while start < end {
        let count = min(maximum, end - start)
        pieces.append(Segment(mode: segment.mode, start: start, count: count))
        total += 4 + segment.mode.countBits(group: group)
        start += count
      }
    }
    self.segments = pieces
    self.bitCount = total
  }

  /// The cut of `payload` (not empty) with the fewest bits in `group`.
  static func optimal(_ payload: [UInt8], group: Int, eci: Bool) -> QRSegmentation {
    guard !payload.isEmpty else { return bytes(count: 0, group: group, eci: eci) }
    var path = [UInt8](repeating: 0, count: payload.count * State.count)
    let (best, bits) = payload.withUnsafeBufferPointer { bytes in
      path.withUnsafeMutableBufferPointer { path in
        search(bytes, path: path, group: group)
      }
    }
    // Walk back from the best final state, collecting each byte's mode.
    var segments: [Segment] = []
    var state = best
    var end = payload.count
    var index = payload.count - 1
    while index >= 0, state != State.start {
      let mode = State.mode(state)
      let previous = Int(path[index * State.count + state])
      if index == 0 || previous == State.start || State.mode(previous) != mode {
        segments.append(Segment(mode: mode, start: index, count: end - index))
        end = index
      }
      state = previous
      index -= 1
    }
    segments.reverse()
    // The search counted each segment's header once: take them out of its bits.
    let headers = segments.reduce(0) { $0 + 4 + $1.mode.countBits(group: group) }
    return QRSegmentation(segments: segments, bits: bits - headers, group: group, eci: eci)
  }

  /// The states of the search: the mode of the segment a byte ends in, and for numeric
  /// and alphanumeric mode the characters of its unfinished group.
  private enum State {
    /// Numeric, one digit past a whole group.
    static let numeric1 = 0
    /// Numeric, two digits past a whole group.
    static let numeric2 = 1
    /// Numeric, whole groups of three only.
    static let numeric0 = 2
    /// Alphanumeric, one character past a whole pair.
    static let alphanumeric1 = 3
    /// Alphanumeric, whole pairs only.
    static let alphanumeric0 = 4
    /// Byte mode.
    static let byte = 5
    /// The number of states.
    static let count = 6
    /// The parent of the first byte's states: nothing before it.
    static let start = 255

    /// The mode of a state.
    static func mode(_ state: Int) -> QRMode {
      state <= numeric0 ? .numeric : state <= alphanumeric0 ? .alphanumeric : .byte
    }
  }

  /// The bits of the best cut of `payload` in `group`, headers and the ECI designator
  /// included, found without keeping the cut: in constant memory, for a payload too long
  /// for any symbol whose size is only reported. A segment longer than its count field
  /// holds is counted with one header.
  static func bitCount(of payload: [UInt8], group: Int, eci: Bool) -> Int {
    guard !payload.isEmpty else { return bytes(count: 0, group: group, eci: eci).bitCount }
    let (_, bits) = payload.withUnsafeBufferPointer { search($0, path: nil, group: group) }
    return bits + (eci ? eciBits : 0)
  }

  /// Runs the dynamic program, writing each state's parent state to `path` when there is
  /// one, and returns the best final state and its bits.
  private static func search(
    _ bytes: UnsafeBufferPointer<UInt8>, path: UnsafeMutableBufferPointer<UInt8>?, group: Int
  ) -> (state: Int, bits: Int) {
    let unreachable = Int.max / 4
    let numericHeader = 4 + QRMode.numeric.countBits(group: group)
    let alphanumericHeader = 4 + QRMode.alphanumeric.countBits(group: group)
    let byteHeader = 4 + QRMode.byte.countBits(group: group)
    // Costs of the states after the previous byte; before the first, only the start.
    var cost = (n1: unreachable, n2: unreachable, n0: unreachable)
    var alpha = (a1: unreachable, a0: unreachable)
    var byteCost = unreachable
    var startCost = 0
    var startParent = UInt8(State.start)
    QRMode.alphanumericValues.withUnsafeBufferPointer { values in
      for (index, byte) in bytes.enumerated() {
        let row = index * State.count
        // The cheapest way to have ended the previous byte outside each mode.
        let (bestNumeric, numericFrom) = cheapest(
          (cost.n1, State.numeric1), (cost.n2, State.numeric2), (cost.n0, State.numeric0))
        let (bestAlpha, alphaFrom) = cheapest(
          (alpha.a1, State.alphanumeric1), (alpha.a0, State.alphanumeric0))
        let (outsideNumeric, outsideNumericFrom) = cheapest(
          (bestAlpha, alphaFrom), (byteCost, State.byte), (startCost, Int(startParent)))
        let (outsideAlpha, outsideAlphaFrom) = cheapest(
          (bestNumeric, numericFrom), (byteCost, State.byte), (startCost, Int(startParent)))
        let (outsideByte, outsideByteFrom) = cheapest(
          (bestNumeric, numericFrom), (bestAlpha, alphaFrom), (startCost, Int(startParent)))

        var next = (n1: unreachable, n2: unreachable, n0: unreachable)
        var nextAlpha = (a1: unreachable, a0: unreachable)
        let value = values[Int(byte)]
        if value < 10 {
          let (cost1, from1) = cheapest(
            (cost.n0, State.numeric0), (outsideNumeric + numericHeader, outsideNumericFrom))
          next = (n1: cost1 + 4, n2: cost.n1 + 3, n0: cost.n2 + 3)
          path?[row + State.numeric1] = UInt8(from1)
          path?[row + State.numeric2] = UInt8(State.numeric1)
          path?[row + State.numeric0] = UInt8(State.numeric2)
        }
        if value != 0xFF {
          let (cost1, from1) = cheapest(
            (alpha.a0, State.alphanumeric0), (outsideAlpha + alphanumericHeader, outsideAlphaFrom))
          nextAlpha = (a1: cost1 + 6, a0: alpha.a1 + 5)
          path?[row + State.alphanumeric1] = UInt8(from1)
          path?[row + State.alphanumeric0] = UInt8(State.alphanumeric1)
        }
        let (costByte, fromByte) = cheapest(
          (byteCost, State.byte), (outsideByte + byteHeader, outsideByteFrom))
        path?[row + State.byte] = UInt8(fromByte)
        // An unreachable state stays unreachable: its sum is capped again.
        cost = (min(next.n1, unreachable), min(next.n2, unreachable), min(next.n0, unreachable))
        alpha = (min(nextAlpha.a1, unreachable), min(nextAlpha.a0, unreachable))
        byteCost = min(costByte + 8, unreachable)
        startCost = unreachable
        startParent = UInt8(State.start)
      }
    }
    let (bits, state) = cheapest(
      cheapest(
        (cost.n1, State.numeric1), (cost.n2, State.numeric2), (cost.n0, State.numeric0)),
      cheapest((alpha.a1, State.alphanumeric1), (alpha.a0, State.alphanumeric0)),
      (byteCost, State.byte))
    return (state, bits)
  }

  /// The cheaper of two (cost, state) pairs; the first on a tie.
  @inline(__always)
  private static func cheapest(_ a: (Int, Int), _ b: (Int, Int)) -> (Int, Int) {
    b.0 < a.0 ? b : a
  }

  /// The cheapest of three (cost, state) pairs; the first on a tie.
  @inline(__always)
  private static func cheapest(_ a: (Int, Int), _ b: (Int, Int), _ c: (Int, Int)) -> (Int, Int) {
    cheapest(cheapest(a, b), c)
  }
}
