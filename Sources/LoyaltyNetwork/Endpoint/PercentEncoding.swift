/// Percent-encoding of the two kinds a request needs, byte by byte over UTF-8, with no
/// Foundation.
enum PercentEncoding {
  /// What stays as it is.
  enum Kind {
    /// A path segment: RFC 3986's unreserved characters (ASCII letters and digits, `-`,
    /// `.`, `_`, `~`) stay; everything else, `/` included, is encoded.
    case pathSegment
    /// `application/x-www-form-urlencoded`: RFC 3986's unreserved characters stay, as
    /// in a path segment, a space becomes `+`, everything else (`*` and `+` included)
    /// is encoded.
    case form
  }

  /// `text` percent-encoded for `kind`, with upper-case hex digits.
  static func encode(_ text: String, for kind: Kind) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.append(byte)
      case UInt8(ascii: " ") where kind == .form:
        encoded.append(UInt8(ascii: "+"))
      default:
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
