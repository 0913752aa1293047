/// SHA-256 computed piece by piece over a download, so the whole snapshot is never
/// held in memory to be hashed (FIPS 180-4).
struct SnapshotDigest {
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]

  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var pending: [UInt8] = []
  private var schedule = [UInt32](repeating: 0, count: 64)
  private var length: UInt64 = 0

  init() {
    pending.reserveCapacity(64)
  }

  /// Adds `bytes` to the hashed input.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
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

  /// The digest as 64 lowercase hexadecimal digits. Ends the computation.
  mutating func hexDigest() -> String {
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
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for word in state {
      for shift in stride(from: 28, through: 0, by: -4) {
        text.append(digits[Int((word >> UInt32(shift)) & 0xf)])
      }
    }
    return String(decoding: text, as: UTF8.self)
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
      Self.roundConstants.withUnsafeBufferPointer { k in
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

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}
