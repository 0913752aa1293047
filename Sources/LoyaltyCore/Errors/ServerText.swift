/// Text taken from a server (an error's `msg`), bounded before the SDK keeps, masks or
/// logs it: a server's 5 MB message must not become a 5 MB error.
public enum ServerText {
  /// The most UTF-8 bytes of a server's text that are kept: 1 KiB.
  public static let limit = 1_024

  /// `text` whole when it has at most `limit` UTF-8 bytes; otherwise its first words up
  /// to `limit` bytes, cut after the last whitespace before the limit (so no word, and
  /// no secret, is kept in part; nothing when the first `limit` bytes hold no
  /// whitespace), then ` [cut: N bytes]` with the size of the whole text.
  public static func bounded(_ text: String, limit: Int = ServerText.limit) -> String {
    let utf8 = text.utf8
    guard utf8.count > limit else { return text }
    var end = utf8.startIndex
    var scanned = 0
    var index = utf8.startIndex
    while index != utf8.endIndex, scanned < limit {
      switch utf8[index] {
      case 0x20, 0x09, 0x0A, 0x0D: end = index
      default: break
      }
      scanned += 1
      index = utf8.index(after: index)
    }
    // Whitespace is ASCII, so `end` sits on a character boundary.
    let kept = String(text[..<end])
    let marker = "[cut: \(utf8.count) bytes]"
    return kept.isEmpty ? marker : kept + " " + marker
  }
}
