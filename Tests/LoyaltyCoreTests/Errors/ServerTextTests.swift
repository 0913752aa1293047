import LoyaltyCore
import Testing

/// Session and network 19: text taken from a server is bounded before it is kept.
@Suite("ServerText")
struct ServerTextTests {
  @Test("a text of exactly the limit is kept whole")
  func atTheLimit() {
    let text = String(repeating: "abcd ", count: 204) + "abcd"
    #expect(text.utf8.count == ServerText.limit)
    #expect(ServerText.bounded(text) == text)
  }

  @Test("a text one byte over the limit keeps its whole words and names its size")
  func overTheLimit() {
    let text = String(repeating: "abcd ", count: 205)
    #expect(text.utf8.count == ServerText.limit + 1)
    let kept = String(repeating: "abcd ", count: 203) + "abcd"
    #expect(ServerText.bounded(text) == kept + " [cut: 1025 bytes]")
  }

  @Test("a word longer than the limit is not kept in part")
  func oneLongWord() {
    let text = String(repeating: "k", count: ServerText.limit + 1)
    #expect(ServerText.bounded(text) == "[cut: 1025 bytes]")
  }

  @Test("the limit counts UTF-8 bytes, not characters")
  func multiByte() {
    let text = String(repeating: "αβ ", count: 205)  // 5 bytes a word: 1025 bytes
    #expect(text.utf8.count == 1_025)
    let bounded = ServerText.bounded(text)
    #expect(bounded.hasSuffix(" [cut: 1025 bytes]"))
    #expect(bounded.utf8.count <= ServerText.limit + " [cut: 1025 bytes]".utf8.count)
    #expect(bounded.hasPrefix("αβ αβ"))
  }
}
