/// Writes a ``JSONValue`` as compact JSON, byte for byte what Foundation's `JSONEncoder`
/// writes with `.sortedKeys` and `.withoutEscapingSlashes`: keys in the order of their
/// UTF-8 bytes, `"`, `\` and control characters escaped (`\b`, `\f`, `\n`, `\r`, `\t`,
/// otherwise `\u00xx`), everything else as it is, and numbers as Swift prints them,
/// without a trailing `.0`. A test checks that against `JSONEncoder`.
enum JSONWriter {
  /// A number that JSON cannot hold.
  struct NonFiniteNumber: Error {
    let value: Double
  }

  /// The UTF-8 bytes of `value`.
  static func bytes(of value: JSONValue) throws(NonFiniteNumber) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(128)
    try write(value, into: &output)
    return output
  }

  private static func write(_ value: JSONValue, into output: inout [UInt8]) throws(NonFiniteNumber)
  {
    switch value {
    case .null:
      output.append(contentsOf: "null".utf8)
    case .bool(let flag):
      output.append(contentsOf: (flag ? "true" : "false").utf8)
    case .integer(let number):
      output.append(contentsOf: String(number).utf8)
    case .number(let number):
      guard number.isFinite else { throw NonFiniteNumber(value: number) }
      let text = number.description
      output.append(contentsOf: text.utf8.dropLast(text.hasSuffix(".0") ? 2 : 0))
    case .string(let text):
      JSONStringEscape.append(text, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        try write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let object):
      output.append(UInt8(ascii: "{"))
      let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (position, member) in members.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        JSONStringEscape.append(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        try write(member.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

}
