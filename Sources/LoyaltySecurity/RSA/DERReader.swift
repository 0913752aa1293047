import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A strict reader of DER (ITU-T X.690), enough for the RSA key structures.
///
/// It reads one element after another from the bytes of a parent element. Lengths must be
/// definite and minimal: the short form up to 127, the long form with one to four length
/// bytes for 128 and more. Every element must end within its parent, and ``expectEnd()``
/// checks that the parent ends exactly where its last element does. Only single-byte tags
/// are read. Every failure is ``LoyaltyCore/LoyaltyError/Code/invalidPEM``, naming the
/// structure being read and the byte offset in it.
struct DERReader {
  /// The universal tags the RSA key structures use.
  enum Tag: UInt8 {
    /// `INTEGER`, a two's-complement big-endian number.
    case integer = 0x02
    /// `BIT STRING`, whose first content byte counts the unused bits of the last.
    case bitString = 0x03
    /// `OCTET STRING`.
    case octetString = 0x04
    /// `NULL`, with no content.
    case null = 0x05
    /// `OBJECT IDENTIFIER`.
    case objectIdentifier = 0x06
    /// `SEQUENCE` (constructed).
    case sequence = 0x30

    /// The ASN.1 name of the tag, or its hexadecimal value when it is not one of these.
    static func name(of tag: UInt8) -> String {
      switch Tag(rawValue: tag) {
      case .integer: "INTEGER"
      case .bitString: "BIT STRING"
      case .octetString: "OCTET STRING"
      case .null: "NULL"
      case .objectIdentifier: "OBJECT IDENTIFIER"
      case .sequence: "SEQUENCE"
      case nil: "tag 0x" + String(tag, radix: 16, uppercase: true)
      }
    }
  }

  /// One element: its tag, where it starts, and its content bytes.
  struct Element {
    /// The identifier byte.
    let tag: UInt8
    /// The offset of the identifier byte in the outermost data.
    let offset: Int
    /// The content bytes, indexed as in the outermost data.
    let content: ArraySlice<UInt8>
  }

  /// The structure being read (`SubjectPublicKeyInfo`, ...), for messages.
  let structure: String
  /// All the bytes of the outermost data; a nested reader shares them.
  private let bytes: [UInt8]
  /// The offset of the next element.
  private var position: Int
  /// The offset just past the parent's content.
  private let end: Int

  /// A reader over all of `der`, which should hold one element of `structure`.
  /// - Parameters:
  ///   - der: The DER bytes.
  ///   - structure: The name of what `der` should hold, for messages.
  init(_ der: Data, structure: String) {
    self.init(bytes: Array(der), range: 0..<der.count, structure: structure)
  }

  /// A reader over `range` of `bytes`.
  private init(bytes: [UInt8], range: Range<Int>, structure: String) {
    self.bytes = bytes
    self.position = range.lowerBound
    self.end = range.upperBound
    self.structure = structure
  }

  /// The offset of the next element in the outermost data.
  var offset: Int { position }

  /// Whether every element of the parent has been read.
  var isAtEnd: Bool { position >= end }

  /// The tag of the next element, or `nil` at the end of the parent.
  var nextTag: UInt8? { isAtEnd ? nil : bytes[position] }

  /// Reads the next element, whatever its tag.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when the parent ends before
  ///   it, its tag is multi-byte, or its length is indefinite, not minimal, longer than
  ///   four bytes or runs past the end of the parent.
  mutating func readElement() throws -> Element {
    let start = position
    guard start < end else {
      throw failure("an element was expected, but the data ends", at: start)
    }
    let tag = bytes[start]
    guard tag & 0x1F != 0x1F else { throw failure("multi-byte tags are not supported", at: start) }
    guard start + 1 < end else { throw failure("the element has no length", at: start) }
    let first = bytes[start + 1]
    var contentStart = start + 2
    var length = UInt64(first)
    if first >= 0x80 {
      let count = Int(first & 0x7F)
      guard count != 0 else { throw failure("indefinite lengths are not DER", at: start) }
      guard count <= 4 else {
        throw failure("the length has \(count) bytes; at most 4 are supported", at: start)
      }
      guard contentStart + count <= end else {
        throw failure("the length runs past the end of the data", at: start)
      }
      length = bytes[contentStart..<(contentStart + count)].reduce(0) { $0 << 8 | UInt64($1) }
      guard bytes[contentStart] != 0, length >= 0x80 else {
        throw failure("the length is not minimally encoded", at: start)
      }
      contentStart += count
    }
    guard length <= UInt64(end - contentStart) else {
      throw failure(
        "the length (\(length)) runs past the end of the data (\(end - contentStart) left)",
        at: start)
    }
    position = contentStart + Int(length)
    return Element(tag: tag, offset: start, content: bytes[contentStart..<position])
  }

  /// Reads the next element, which must have tag `tag`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it has another tag, or as
  ///   ``readElement()``.
  mutating func readElement(_ tag: Tag) throws -> Element {
    guard let found = nextTag else {
      throw failure("expected \(Tag.name(of: tag.rawValue)), but the data ends", at: position)
    }
    guard found == tag.rawValue else {
      throw failure(
        "expected \(Tag.name(of: tag.rawValue)), found \(Tag.name(of: found))", at: position)
    }
    return try readElement()
  }

  /// Reads a `SEQUENCE` and returns a reader over its elements.
  mutating func readSequence() throws -> DERReader {
    let element = try readElement(.sequence)
    return DERReader(bytes: bytes, range: element.content.indices, structure: structure)
  }

  /// Reads an `INTEGER` and returns its minimal two's-complement content bytes.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it is empty or has a
  ///   redundant leading `0x00` or `0xFF` byte, or as ``readElement(_:)``.
  mutating func readInteger() throws -> ArraySlice<UInt8> {
    let element = try readElement(.integer)
    let content = element.content
    guard let first = content.first else {
      throw failure("an INTEGER is empty", at: element.offset)
    }
    if content.count > 1 {
      let second = content[content.startIndex + 1]
      guard !(first == 0x00 && second < 0x80), !(first == 0xFF && second >= 0x80) else {
        throw failure("an INTEGER is not minimally encoded", at: element.offset)
      }
    }
    return content
  }

  /// Reads an `OBJECT IDENTIFIER` and returns it in dotted form (`1.2.840.113549.1.1.1`).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it is empty, an arc is
  ///   not minimal, unfinished or wider than 63 bits, or as ``readElement(_:)``.
  mutating func readObjectIdentifier() throws -> String {
    let element = try readElement(.objectIdentifier)
    var arcs: [UInt64] = []
    var value: UInt64 = 0
    var arcStart = true
    for byte in element.content {
      guard !(arcStart && byte == 0x80), value < 1 << 56 else {
        throw failure("an OBJECT IDENTIFIER is not minimally encoded", at: element.offset)
      }
      value = value << 7 | UInt64(byte & 0x7F)
      arcStart = byte < 0x80
      if arcStart {
        arcs.append(value)
        value = 0
      }
    }
    guard let first = arcs.first, arcStart else {
      throw failure("an OBJECT IDENTIFIER is empty or cut short", at: element.offset)
    }
    let top: [UInt64] = first < 80 ? [first / 40, first % 40] : [2, first - 80]
    return (top + arcs.dropFirst()).map(String.init).joined(separator: ".")
  }

  /// Reads a `NULL`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it has content, or as
  ///   ``readElement(_:)``.
  mutating func readNull() throws {
    let element = try readElement(.null)
    guard element.content.isEmpty else { throw failure("a NULL has content", at: element.offset) }
  }

  /// Reads an `OCTET STRING` and returns its content.
  mutating func readOctetString() throws -> ArraySlice<UInt8> {
    try readElement(.octetString).content
  }

  /// Reads a `BIT STRING` of whole bytes and returns its content after the unused-bits
  /// byte.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it is empty or its last
  ///   byte has unused bits, or as ``readElement(_:)``.
  mutating func readBitString() throws -> ArraySlice<UInt8> {
    let element = try readElement(.bitString)
    guard element.content.first == 0 else {
      throw failure("a BIT STRING is empty or has unused bits", at: element.offset)
    }
    return element.content.dropFirst()
  }

  /// Checks that every element of the parent has been read.
  /// - Parameter what: What the parent is (`the SEQUENCE`, `the data`), for the message.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when bytes are left.
  func expectEnd(of what: String) throws {
    let count = end - position
    guard count <= 0 else {
      let bytes = count == 1 ? "byte" : "bytes"
      throw failure("\(count) unexpected \(bytes) after the end of \(what)", at: position)
    }
  }

  /// The error for a malformed `structure`: `reason`, found at byte `offset`.
  func failure(_ reason: String, at offset: Int) -> LoyaltyError {
    LoyaltyError(
      .invalidPEM,
      "The \(structure) is malformed: \(reason) (at byte \(offset)).",
      recoverySuggestion: "Check that the PEM was copied whole and holds an RSA key, as "
        + "OpenSSL writes it.",
      metadata: ["structure": structure, "offset": String(offset)])
  }
}
