import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes a request's JSON body straight into `Data` of its exact size: byte for byte
/// what ``LoyaltyCore/JSONValue/jsonData()`` writes (compact, keys in the order of their
/// UTF-8 bytes, `"`, `\` and control characters escaped, integers as Swift prints them),
/// without its intermediate byte array, sorted member array and copy.
///
/// The bodies the SDK sends (`{"wrapper": {"action": ...}}`) are small objects of
/// strings, integers and booleans; a body with a floating-point number is left to
/// `jsonData()`, which owns the number format.
enum JSONBodyEncoder {
  /// The encoded bytes of `value`, or `nil` when it holds a floating-point number.
  static func data(of value: JSONValue) -> Data? {
    guard let count = length(of: value) else { return nil }
    var data = Data(count: count)
    data.withUnsafeMutableBytes { buffer in
      var position = 0
      write(value, into: buffer, at: &position)
    }
    return data
  }

  /// The encoded length of `value`, or `nil` when it holds a floating-point number.
  private static func length(of value: JSONValue) -> Int? {
    switch value {
    case .null: return 4
    case .bool(let flag): return flag ? 4 : 5
    case .integer(let number): return String(number).utf8.count
    case .number: return nil
    case .string(let text): return length(of: text)
    case .array(let elements):
      var total = 2 + max(0, elements.count - 1)
      for element in elements {
        guard let count = length(of: element) else { return nil }
        total += count
      }
      return total
    case .object(let object):
      var total = 2 + max(0, object.count - 1)
      for (key, member) in object {
        guard let count = length(of: member) else { return nil }
        total += length(of: key) + 1 + count
      }
      return total
    }
  }

  private static func length(of text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var total = 2 + bytes.count
      for byte in bytes where JSONStringEscape.needsEscape(byte) {
        total += JSONStringEscape.escapedLength(byte) - 1
      }
      return total
    }
  }

  private static func write(
    _ value: JSONValue, into buffer: UnsafeMutableRawBufferPointer, at position: inout Int
  ) {
    switch value {
    case .null:
      write("null", into: buffer, at: &position)
    case .bool(let flag):
      write(flag ? "true" : "false", into: buffer, at: &position)
    case .integer(let number):
      write(String(number), into: buffer, at: &position)
    case .number:
      // `length(of:)` refused it: never reached.
      break
    case .string(let text):
      writeString(text, into: buffer, at: &position)
    case .array(let elements):
      put(UInt8(ascii: "["), into: buffer, at: &position)
      for (index, element) in elements.enumerated() {
        if index > 0 { put(UInt8(ascii: ","), into: buffer, at: &position) }
        write(element, into: buffer, at: &position)
      }
      put(UInt8(ascii: "]"), into: buffer, at: &position)
    case .object(let object):
      put(UInt8(ascii: "{"), into: buffer, at: &position)
      // The members' indices, sorted by key in place (insertion sort: bodies have a
      // handful of members), in a temporary buffer rather than a sorted array.
      withUnsafeTemporaryAllocation(
        of: [String: JSONValue].Index.self, capacity: object.count
      ) { indices in
        var count = 0
        var index = object.startIndex
        while index != object.endIndex {
          let key = object[index].key
          var slot = count
          while slot > 0, key.utf8.lexicographicallyPrecedes(object[indices[slot - 1]].key.utf8) {
            indices[slot] = indices[slot - 1]
            slot -= 1
          }
          indices[slot] = index
          count += 1
          object.formIndex(after: &index)
        }
        for rank in 0..<count {
          if rank > 0 { put(UInt8(ascii: ","), into: buffer, at: &position) }
          let member = object[indices[rank]]
          writeString(member.key, into: buffer, at: &position)
          put(UInt8(ascii: ":"), into: buffer, at: &position)
          write(member.value, into: buffer, at: &position)
        }
      }
      put(UInt8(ascii: "}"), into: buffer, at: &position)
    }
  }

  private static func writeString(
    _ text: String, into buffer: UnsafeMutableRawBufferPointer, at position: inout Int
  ) {
    put(UInt8(ascii: "\""), into: buffer, at: &position)
    var text = text
    text.withUTF8 { bytes in
      guard bytes.contains(where: JSONStringEscape.needsEscape) else {
        // The usual case: the bytes as they are, in one copy.
        UnsafeMutableRawBufferPointer(rebasing: buffer[position..<position + bytes.count])
          .copyMemory(from: UnsafeRawBufferPointer(bytes))
        position += bytes.count
        return
      }
      for byte in bytes {
        if JSONStringEscape.needsEscape(byte) {
          JSONStringEscape.writeEscape(of: byte) { put($0, into: buffer, at: &position) }
        } else {
          put(byte, into: buffer, at: &position)
        }
      }
    }
    put(UInt8(ascii: "\""), into: buffer, at: &position)
  }

  private static func write(
    _ text: String, into buffer: UnsafeMutableRawBufferPointer, at position: inout Int
  ) {
    for byte in text.utf8 {
      put(byte, into: buffer, at: &position)
    }
  }

  @inline(__always)
  private static func put(
    _ byte: UInt8, into buffer: UnsafeMutableRawBufferPointer, at position: inout Int
  ) {
    buffer[position] = byte
    position += 1
  }
}
