import LoyaltyCore
import Testing

@Suite("stablySorted(by:) and stablySorted()")
struct StablySortedTests {
  struct Item: Equatable {
    let key: Int
    let tag: String
  }

  @Test("orders as sorted(by:) does, equal keys in the order they came")
  func stable() {
    let items = [
      Item(key: 2, tag: "a"), Item(key: 1, tag: "b"), Item(key: 2, tag: "c"),
      Item(key: 0, tag: "d"), Item(key: 1, tag: "e"), Item(key: 2, tag: "f"),
    ]
    let ordered = items.stablySorted { $0.key < $1.key }
    #expect(ordered.map(\.tag) == ["d", "b", "e", "a", "c", "f"])
    #expect(ordered == items.sorted { $0.key < $1.key })
  }

  @Test("many equal keys keep their order, past the insertion sort's run length")
  func manyEqual() {
    let items = (0..<1_000).map { Item(key: $0 % 3, tag: String($0)) }
    let ordered = items.stablySorted { $0.key < $1.key }
    for key in 0..<3 {
      let tags = ordered.filter { $0.key == key }.map(\.tag)
      #expect(tags == items.filter { $0.key == key }.map(\.tag))
    }
    #expect(ordered.map(\.key) == items.map(\.key).sorted())
  }

  @Test("no element and one element come back as they are")
  func small() {
    #expect([Int]().stablySorted(by: <) == [])
    #expect([7].stablySorted(by: <) == [7])
    #expect([2, 1].stablySorted(by: <) == [1, 2])
    #expect([1, 2].stablySorted(by: >) == [2, 1])
  }

  struct Refused: Error {}

  @Test("a comparison that throws ends the sort with its error")
  func throwing() {
    #expect(throws: Refused.self) {
      _ = try [3, 1, 2].stablySorted { left, right throws(Refused) -> Bool in
        if left == 2 || right == 2 { throw Refused() }
        return left < right
      }
    }
  }

  @Test("comparable elements come in increasing order, from any sequence")
  func comparable() {
    let words: Set = ["pear", "apple", "fig", "Apple", "banana"]
    #expect(words.stablySorted() == words.sorted())
    #expect(words.stablySorted() == ["Apple", "apple", "banana", "fig", "pear"])
    let counts = ["b": 2, "a": 1, "c": 3]
    #expect(counts.keys.stablySorted() == ["a", "b", "c"])
    #expect([2.5, -1, 0, 2.5, 1e9].stablySorted() == [-1, 0, 2.5, 2.5, 1e9])
    #expect([String]().stablySorted() == [])
    #expect([1, 1].stablySorted() == [1, 1])
  }
}
