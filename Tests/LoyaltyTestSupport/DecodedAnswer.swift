/// What a call decoded, for comparing one call across the forms a backend may give its
/// list in: the elements of the list the call exists for, and the values decoded beside
/// them (a balance, a version, or the whole value of a call without a list).
///
/// The answer decoded from the keyed form (the list under its key) is the reference;
/// ``mismatch(with:use:firstOnly:keepsSiblings:)`` says how another form's may differ.
public struct DecodedAnswer: Sendable, CustomStringConvertible {
  /// How a call uses the list of its answers.
  public enum ListUse: Sendable, Equatable {
    /// No list: every value is the same in every form.
    case none
    /// One answer's list, element for element.
    case whole
    /// Every element of the lists of `answers` answers, merged.
    case merged(answers: Int)
    /// Elements picked or filtered from the lists of up to `atMost` answers.
    case picked(atMost: Int)
  }

  /// The list's elements, in the order the call gave them.
  public var elements: [DecodedValue]
  /// The values beside the list.
  public var siblings: [DecodedValue]

  /// A call's list, and what it decoded beside it.
  public init<Element: Equatable & Sendable>(
    elements: [Element], siblings: [any Equatable & Sendable] = []
  ) {
    self.elements = elements.map(DecodedValue.init)
    self.siblings = siblings.map(DecodedValue.init)
  }

  /// A call without a list: what it decoded.
  public init(value: any Equatable & Sendable) {
    elements = []
    siblings = [DecodedValue(value)]
  }

  public var description: String {
    "\(elements.count) elements, siblings \(siblings)"
  }

  /// Why this answer, decoded from a list form, does not fit `reference`, decoded from the
  /// keyed form; `nil` when it fits.
  ///
  /// The values beside the list must be the same, unless the form drops them (`bare`).
  /// The elements must be the same, unless the form keeps only the list's first
  /// (`single`): then each must be one of the reference's; a call that gives one answer's
  /// list whole gives exactly one when the reference has any, one that merges lists at
  /// least one and at most one per answer.
  /// - Parameters:
  ///   - use: How the call uses the lists of its answers.
  ///   - firstOnly: Whether the form keeps only the list's first element.
  ///   - keepsSiblings: Whether the form keeps the values beside the list.
  public func mismatch(
    with reference: DecodedAnswer, use: ListUse, firstOnly: Bool, keepsSiblings: Bool
  ) -> String? {
    if use == .none || keepsSiblings, siblings != reference.siblings {
      return "the values beside the list differ: \(Self.clip(siblings)), keyed "
        + Self.clip(reference.siblings)
    }
    guard use != .none, firstOnly else {
      guard elements != reference.elements else { return nil }
      let index = elements.indices.first {
        $0 >= reference.elements.count || elements[$0] != reference.elements[$0]
      }
      let first = index.map {
        ", first difference at \($0): \(Self.clip([elements[$0]])), keyed "
          + Self.clip(Array(reference.elements[$0...].prefix(1)))
      }
      return "\(elements.count) elements, keyed \(reference.elements.count)" + (first ?? "")
    }
    if let stranger = elements.first(where: { !reference.elements.contains($0) }) {
      return "\(Self.clip([stranger])) is none of the keyed answer's elements"
    }
    let allowed: ClosedRange<Int>
    switch use {
    case .none, .whole:
      allowed = min(1, reference.elements.count)...min(1, reference.elements.count)
    case .merged(let answers): allowed = reference.elements.isEmpty ? 0...0 : 1...max(1, answers)
    case .picked(let most): allowed = 0...max(0, most)
    }
    guard allowed.contains(elements.count) else {
      return "\(elements.count) elements from the first of each list, not \(allowed); keyed "
        + "\(reference.elements.count)"
    }
    return nil
  }

  /// `values`, described in at most 300 characters.
  private static func clip(_ values: [DecodedValue]) -> String {
    let text = values.description
    return text.count <= 300 ? text : String(text.prefix(300)) + "..."
  }
}

/// One value a call decoded, compared by its own `==`.
public struct DecodedValue: Sendable, Equatable, CustomStringConvertible {
  private let value: any Equatable & Sendable

  /// Wraps `value`.
  public init(_ value: any Equatable & Sendable) {
    self.value = value
  }

  public var description: String { String(describing: value) }

  public static func == (lhs: DecodedValue, rhs: DecodedValue) -> Bool {
    lhs.equals(rhs.value)
  }

  private func equals(_ other: any Equatable & Sendable) -> Bool {
    func compare<T: Equatable>(_ value: T) -> Bool { (other as? T) == value }
    return compare(value)
  }
}
