/// Where a byte of a JSON text is: its offset, and the line and column a person or an
/// editor reads it at.
///
/// Lines and columns start at 1. A line ends after each line feed (`\n`), so in `\r\n` the
/// carriage return is the last byte of its line and the next line starts after the line
/// feed; a lone `\r` ends no line. The column counts UTF-8 **bytes**, not characters, as
/// compilers report a column (what SwiftPM and Xcode expect in `path:line:column`): a key
/// after `"é"` (two bytes) on its line is one column further right than one after `"e"`.
/// The offset counts bytes from the first byte of the text, a byte-order mark included.
///
/// Nothing counts lines while parsing: a position is worked out from its offset only
/// when it is asked for (an error, a location), in one pass over the bytes before it.
package struct JSONPosition: Sendable, Hashable, CustomStringConvertible {
  /// The offset of the byte, from 0.
  package let offset: Int
  /// The line of the byte, from 1.
  package let line: Int
  /// The column of the byte on its line, from 1, in UTF-8 bytes.
  package let column: Int

  /// A position already worked out.
  package init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The position of the byte at `offset` in `bytes`. An offset at the end of the text
  /// (`bytes.count`) is just after its last byte; one outside the text is taken as the
  /// nearest end.
  package init(offset: Int, in bytes: UnsafeRawBufferPointer) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    self.init(offset: offset, line: line, column: offset - lineStart + 1)
  }

  /// The position of the byte at `offset` in `bytes`.
  package init(offset: Int, in bytes: [UInt8]) {
    self = bytes.withUnsafeBytes { JSONPosition(offset: offset, in: $0) }
  }

  /// `line L, column C (byte B)`.
  package var description: String { "line \(line), column \(column) (byte \(offset))" }
}
