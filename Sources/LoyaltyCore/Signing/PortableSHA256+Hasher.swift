extension PortableSHA256 {
  /// SHA-256 computed piece by piece (FIPS 180-4), so a large input (a downloaded
  /// snapshot) is never held in memory to be hashed; ``PortableSHA256/digest(_:)`` is
  /// one update of it.
  package struct Hasher {
    private var state = PortableSHA256.initialState
    private var pending: [UInt8] = []
    private var schedule = [UInt32](repeating: 0, count: 64)
    private var length: UInt64 = 0

    /// Starts a digest.
    package init() {
      pending.reserveCapacity(64)
    }

    /// Adds `bytes` to the hashed input.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
      length &+= UInt64(bytes.count)
      var index = 0
      if !pending.isEmpty {
        let take = min(64 - pending.count, bytes.count)
        pending.append(contentsOf: bytes[0..<take])
        index = take
        if pending.count == 64 {
          let block = pending
          pending.removeAll(keepingCapacity: true)
          block.withUnsafeBytes { compress($0) }
        }
      }
      while bytes.count - index >= 64 {
        compress(UnsafeRawBufferPointer(rebasing: bytes[index..<(index + 64)]))
        index += 64
      }
      if index < bytes.count {
        pending.append(contentsOf: bytes[index...])
      }
    }

    /// The 32-byte digest of everything added. Ends the computation.
    package mutating func finalize() -> [UInt8] {
      let bitLength = length &* 8
      var tail = pending
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
      }
      tail.withUnsafeBytes { raw in
        for start in stride(from: 0, to: raw.count, by: 64) {
          compress(UnsafeRawBufferPointer(rebasing: raw[start..<(start + 64)]))
        }
      }
      var output: [UInt8] = []
      output.reserveCapacity(32)
      for word in state {
        output.append(UInt8(truncatingIfNeeded: word >> 24))
        output.append(UInt8(truncatingIfNeeded: word >> 16))
        output.append(UInt8(truncatingIfNeeded: word >> 8))
        output.append(UInt8(truncatingIfNeeded: word))
      }
      return output
    }

    /// The digest as 64 lowercase hexadecimal digits. Ends the computation.
    package mutating func hexDigest() -> String {
      PortableSHA256.hex(finalize())
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
      schedule.withUnsafeMutableBufferPointer { w in
        for index in 0..<16 {
          let offset = index * 4
          w[index] =
            UInt32(block[offset]) << 24 | UInt32(block[offset + 1]) << 16
            | UInt32(block[offset + 2]) << 8 | UInt32(block[offset + 3])
        }
        for index in 16..<64 {
          let s15 = w[index - 15]
          let s2 = w[index - 2]
          let sigma0 = Self.rotate(s15, 7) ^ Self.rotate(s15, 18) ^ (s15 >> 3)
          let sigma1 = Self.rotate(s2, 17) ^ Self.rotate(s2, 19) ^ (s2 >> 10)
          w[index] = w[index - 16] &+ sigma0 &+ w[index - 7] &+ sigma1
        }
        var a = state[0]
        var b = state[1]
        var c = state[2]
        var d = state[3]
        var e = state[4]
        var f = state[5]
        var g = state[6]
        var h = state[7]
        PortableSHA256.roundConstants.withUnsafeBufferPointer { k in
          for index in 0..<64 {
            let sum1 = Self.rotate(e, 6) ^ Self.rotate(e, 11) ^ Self.rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temporary1 = h &+ sum1 &+ choice &+ k[index] &+ w[index]
            let sum0 = Self.rotate(a, 2) ^ Self.rotate(a, 13) ^ Self.rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temporary1
            d = c
            c = b
            b = a
            a = temporary1 &+ temporary2
          }
        }
        state[0] = state[0] &+ a
        state[1] = state[1] &+ b
        state[2] = state[2] &+ c
        state[3] = state[3] &+ d
        state[4] = state[4] &+ e
        state[5] = state[5] &+ f
        state[6] = state[6] &+ g
        state[7] = state[7] &+ h
      }
    }

    static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
      (value >> count) | (value << (32 - count))
    }
  }
}
