/// Writes a QR Code's data bit stream, most significant bit first, into its data codewords.
struct QRBitWriter: Sendable {
  /// The bytes written so far, whole ones only.
  private(set) var bytes: [UInt8]
  /// Bits not yet forming a whole byte, in the low `pendingBits` bits.
  private var pending: UInt64 = 0
  /// How many bits `pending` holds, 0 to 7 between calls.
  private var pendingBits = 0

  /// A writer for a stream of at most `capacity` bytes.
  init(capacity: Int) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// The bits written so far.
  var bitCount: Int { bytes.count * 8 + pendingBits }

  /// Appends the low `count` bits of `value` (0 to 32 bits).
  @inline(__always)
  mutating func append(_ value: UInt32, bits count: Int) {
    pending = (pending << UInt64(count)) | UInt64(value)
    pendingBits += count
    while pendingBits >= 8 {
      pendingBits -= 8
      bytes.append(UInt8(truncatingIfNeeded: pending >> UInt64(pendingBits)))
    }
  }

  /// Appends `segments` of `payload`, after the ECI designator `eci` when there is one.
  mutating func append(
    _ segments: [QRSegmentation.Segment], of payload: [UInt8], eci: UInt8?, group: Int
  ) {
    if let eci {
      append(QRMode.eciIndicator, bits: 4)
      append(UInt32(eci), bits: 8)
    }
    payload.withUnsafeBufferPointer { payload in
      for segment in segments {
        append(segment.mode.rawValue, bits: 4)
        append(UInt32(segment.count), bits: segment.mode.countBits(group: group))
        let bytes = UnsafeBufferPointer(
          rebasing: payload[segment.start..<segment.start + segment.count])
        switch segment.mode {
        case .numeric: appendNumeric(bytes)
        case .alphanumeric: appendAlphanumeric(bytes)
        case .byte: for byte in bytes { append(UInt32(byte), bits: 8) }
        }
      }
    }
  }

  /// Digits, three in 10 bits, the last one or two in 4 or 7.
  private mutating func appendNumeric(_ digits: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < digits.count {
      let take = min(3, digits.count - index)
      var value: UInt32 = 0
      for offset in 0..<take { value = value * 10 + UInt32(digits[index + offset] &- 0x30) }
      append(value, bits: take * 3 + 1)
      index += take
    }
  }

  /// Alphanumeric characters, two in 11 bits, a last one in 6.
  private mutating func appendAlphanumeric(_ characters: UnsafeBufferPointer<UInt8>) {
    QRMode.alphanumericValues.withUnsafeBufferPointer { values in
      var index = 0
      while index + 1 < characters.count {
        let first = UInt32(values[Int(characters[index])])
        let second = UInt32(values[Int(characters[index + 1])])
        append(first * 45 + second, bits: 11)
        index += 2
      }
      if index < characters.count {
        append(UInt32(values[Int(characters[index])]), bits: 6)
      }
    }
  }

  /// The data codewords: the bits written, the terminator (up to four zero bits), zeros
  /// to the byte boundary, then the pad codewords 0xEC and 0x11 in turn up to
  /// `dataCodewords`. The bits written must fit in them.
  mutating func finish(dataCodewords: Int) -> [UInt8] {
    let capacity = dataCodewords * 8
    append(0, bits: min(4, capacity - bitCount))
    if pendingBits > 0 { append(0, bits: 8 - pendingBits) }
    var pad: UInt8 = 0xEC
    while bytes.count < dataCodewords {
      bytes.append(pad)
      pad ^= 0xEC ^ 0x11
    }
    return bytes
  }
}
