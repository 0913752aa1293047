/// How the SDK's JSON writers escape a string, the way Foundation's `JSONEncoder` does
/// with `.withoutEscapingSlashes`: `"` and `\` as `\"` and `\\`, the control characters
/// `\b`, `\f`, `\n`, `\r` and `\t` by their short escapes, every other control character
/// as `\u00xx` (lowercase hex), and everything else (`/` and non-ASCII included) as it is.
///
/// ``JSONWriter``, the network's request-body encoder and the analytics payload writer
/// all escape through it, so the rule lives in one place.
package enum JSONStringEscape {
  /// Whether `byte` is written as an escape sequence.
  @inline(__always)
  package static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// The length of the escape sequence of a byte that ``needsEscape(_:)``: two for the
  /// short escapes, six for `\u00xx`.
  package static func escapedLength(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x0C, 0x0A, 0x0D, 0x09: 2
    default: 6
    }
  }

  /// Writes the escape sequence of a byte that ``needsEscape(_:)``, one byte at a time.
  @inline(__always)
  package static func writeEscape(of byte: UInt8, _ put: (UInt8) -> Void) {
    put(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
    case 0x08: put(UInt8(ascii: "b"))
    case 0x0C: put(UInt8(ascii: "f"))
    case 0x0A: put(UInt8(ascii: "n"))
    case 0x0D: put(UInt8(ascii: "r"))
    case 0x09: put(UInt8(ascii: "t"))
    default:
      put(UInt8(ascii: "u"))
      put(UInt8(ascii: "0"))
      put(UInt8(ascii: "0"))
      put(hexDigit(byte >> 4))
      put(hexDigit(byte & 0x0F))
    }
  }

  /// Appends `text` as a quoted JSON string. Runs of bytes that need no escape are
  /// copied at once.
  package static func append(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for index in bytes.indices where needsEscape(bytes[index]) {
        if start < index {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        }
        writeEscape(of: bytes[index]) { output.append($0) }
        start = index + 1
      }
      if start < bytes.count {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  @inline(__always)
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}
