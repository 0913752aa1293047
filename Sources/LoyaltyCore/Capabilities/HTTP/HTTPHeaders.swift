/// HTTP header fields: ordered, with case-insensitive lookup.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// The fields in the order they were added.
  public private(set) var fields: [(name: String, value: String)]

  /// Creates headers from name-value pairs, in order.
  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The first value for `name`, compared case-insensitively.
  public subscript(name: String) -> String? {
    get {
      fields.first { Self.sameName($0.name, name) }?.value
    }
    set {
      if let newValue {
        replaceOrAdd(name: name, value: newValue)
      } else {
        remove(name: name)
      }
    }
  }

  /// Every value for `name`, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.sameName($0.name, name) }.map(\.value)
  }

  /// Adds a field, keeping any existing field with the same name.
  public mutating func add(name: String, value: String) {
    fields.append((name: name, value: value))
  }

  /// Sets a field, replacing every existing field with the same name.
  public mutating func replaceOrAdd(name: String, value: String) {
    remove(name: name)
    fields.append((name: name, value: value))
  }

  /// Removes every field named `name`.
  public mutating func remove(name: String) {
    guard fields.contains(where: { Self.sameName($0.name, name) }) else { return }
    fields.removeAll { Self.sameName($0.name, name) }
  }

  /// Whether a field named `name` exists.
  public func contains(_ name: String) -> Bool { self[name] != nil }

  /// The number of fields.
  public var count: Int { fields.count }

  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy {
        sameName($0.name, $1.name) && $0.value == $1.value
      }
  }

  /// Whether two header names are the same, ignoring case: what comparing their
  /// `lowercased()` forms gives, without making them (names are ASCII tokens, so this
  /// compares bytes; a non-ASCII name falls back to `lowercased()`).
  static func sameName(_ first: String, _ second: String) -> Bool {
    let left = first.utf8
    let right = second.utf8
    // Two names whose first bytes are different ASCII letters (ignoring case) differ:
    // lowercasing maps an ASCII scalar to one ASCII scalar, and a string's first scalar
    // stays first in its canonical form. Most pairs end here.
    if let a = left.first, let b = right.first, a < 0x80, b < 0x80, lowered(a) != lowered(b) {
      return false
    }
    if left.count == right.count {
      var equal = true
      var ascii = true
      for (a, b) in zip(left, right) {
        if a >= 0x80 || b >= 0x80 {
          ascii = false
          break
        }
        if a != b && lowered(a) != lowered(b) { equal = false }
      }
      if ascii { return equal }
    } else if isASCII(left) && isASCII(right) {
      return false
    }
    return first.lowercased() == second.lowercased()
  }

  /// Whether every byte is ASCII, read from the string's contiguous storage when it has
  /// one (a generic `allSatisfy` over the view was most of a request's header work).
  private static func isASCII(_ utf8: String.UTF8View) -> Bool {
    let contiguous = utf8.withContiguousStorageIfAvailable { bytes in
      var bits: UInt8 = 0
      for byte in bytes { bits |= byte }
      return bits < 0x80
    }
    return contiguous ?? utf8.allSatisfy { $0 < 0x80 }
  }

  @inline(__always)
  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}
