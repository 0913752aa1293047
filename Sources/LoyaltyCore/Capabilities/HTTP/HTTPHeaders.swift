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
      let key = name.lowercased()
      return fields.first { $0.name.lowercased() == key }?.value
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
    let key = name.lowercased()
    return fields.filter { $0.name.lowercased() == key }.map(\.value)
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
    let key = name.lowercased()
    fields.removeAll { $0.name.lowercased() == key }
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
        $0.name.lowercased() == $1.name.lowercased() && $0.value == $1.value
      }
  }
}
