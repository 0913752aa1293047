/// Writes a ULID: 26 characters of Crockford's base 32, 10 for 48 bits of milliseconds
/// since 1970 and 16 for 80 further bits. Ids written for later times sort after earlier
/// ones as text. The analytics pipeline fills the 80 bits at random; the import of the
/// seed SDK's queue derives them from the row, so a retried import writes the same ids.
package enum ULIDText {
  private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)

  /// The ULID for `milliseconds` (its low 48 bits) and the 80 bits `high` (16) and
  /// `low` (64).
  package static func make(milliseconds: UInt64, high: UInt16, low: UInt64) -> String {
    // Written straight into the string's storage: no intermediate array.
    String(unsafeUninitializedCapacity: 26) { characters in
      var timeBits = milliseconds
      for index in stride(from: 9, through: 0, by: -1) {
        characters[index] = alphabet[Int(timeBits & 31)]
        timeBits >>= 5
      }
      // 80 bits: 16 high and 64 low, written as 16 characters of 5 bits.
      var random = (UInt128(high) << 64) | UInt128(low)
      for index in stride(from: 25, through: 10, by: -1) {
        characters[index] = alphabet[Int(random & 31)]
        random >>= 5
      }
      return 26
    }
  }
}
