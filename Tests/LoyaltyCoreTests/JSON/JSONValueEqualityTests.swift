import Foundation
import LoyaltyCore
import Testing

@Suite("JSON value equality")
struct JSONValueEqualityTests {
  /// Equality written independently of `==`: objects by their keys sorted, then member by
  /// member.
  static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    case (.object(let a), .object(let b)):
      let keys = a.keys.sorted()
      guard keys == b.keys.sorted() else { return false }
      return keys.allSatisfy { key in
        guard let x = a[key], let y = b[key] else { return false }
        return same(x, y)
      }
    default: return false
    }
  }

  @Test("generated values: equal to a copy and to themselves parsed back, with one hash")
  func generated() throws {
    var generator = RandomJSON(random: SeededRandom(seed: 0x5EED_0E01))
    for round in 0..<1_000 {
      let value = generator.value()
      let other = generator.value()
      let parsed = try JSONValue(parsing: value.jsonData())
      #expect(value == parsed, "round \(round)")
      #expect(value.hashValue == parsed.hashValue, "round \(round)")
      #expect((value == other) == Self.same(value, other), "round \(round)")
    }
  }

  @Test("objects: the members decide, not their order; one more, other or changed is not equal")
  func objects() {
    let object: JSONValue = ["a": 1, "b": .null, "c": ["x": [true]]]
    let reordered: JSONValue = .object(["c": ["x": [true]], "b": .null, "a": 1])
    #expect(object == reordered)
    #expect(object.hashValue == reordered.hashValue)
    #expect(object != ["a": 1, "b": .null, "c": ["x": [true]], "d": 1])
    #expect(object != ["a": 1, "b": .null])
    // The same number of members, one key other: a missing member is not `null`.
    #expect(object != ["a": 1, "z": .null, "c": ["x": [true]]])
    #expect(object != ["a": 1, "b": .null, "c": ["x": [false]]])
    #expect(JSONValue.object([:]) == .object([:]))
    #expect(JSONValue.object([:]) != .array([]))
    #expect(JSONValue.object(["b": .null]) != .object(["c": .null]))
  }

  @Test("kinds: each is equal only to itself, and arrays keep their order")
  func kinds() {
    let values: [JSONValue] = [
      .null, .bool(false), .integer(0), .number(0.5), .string(""), .array([]), .object([:]),
    ]
    for (index, value) in values.enumerated() {
      for (otherIndex, other) in values.enumerated() {
        #expect((value == other) == (index == otherIndex), "\(value) and \(other)")
      }
    }
    #expect(JSONValue.integer(1) != .number(1))
    #expect(JSONValue.array([1, 2]) != [2, 1])
    #expect(JSONValue.array([1, 2]) == [1, 2])
  }
}
