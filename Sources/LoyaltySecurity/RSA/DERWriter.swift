/// Writes DER elements (ITU-T X.690), enough to wrap an RSA key as OpenSSL does.
///
/// The counterpart of ``DERReader``: definite, minimal lengths, single-byte tags.
enum DERWriter {
  /// The element with identifier `tag` and `content`: tag, length, content.
  /// - Parameters:
  ///   - tag: The identifier byte.
  ///   - content: The content bytes.
  /// - Returns: The encoded element.
  static func element(_ tag: DERReader.Tag, _ content: some Collection<UInt8>) -> [UInt8] {
    [tag.rawValue] + length(content.count) + content
  }

  /// A `SEQUENCE` of `elements`, each already encoded.
  static func sequence(_ elements: [UInt8]...) -> [UInt8] {
    element(.sequence, elements.joined())
  }

  /// The minimal encoding of a length: one byte up to 127, else `0x80` plus the count of
  /// big-endian length bytes that follow (`0x81 0x80` for 128).
  /// - Parameter count: The length, at least 0.
  /// - Returns: The length bytes.
  static func length(_ count: Int) -> [UInt8] {
    guard count >= 0x80 else { return [UInt8(count)] }
    var bytes: [UInt8] = []
    var rest = count
    while rest > 0 {
      bytes.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    return [0x80 | UInt8(bytes.count)] + bytes
  }
}
