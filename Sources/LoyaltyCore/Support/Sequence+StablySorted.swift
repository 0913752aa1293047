extension Sequence {
  /// The elements in the order `areInIncreasingOrder` gives, equal ones in the order
  /// they came: what `sorted(by:)` returns, with one copy of the sort for every element
  /// type.
  ///
  /// The standard library's sort is compiled into a binary once per element type and
  /// comparison sorted (about 2.3 KB each; 52 copies were 120 KB of a host linking every
  /// product). This sorts the elements' positions, one `[Int]` sort that every caller
  /// shares, and is not specialised: for code that runs once per call or per answer.
  /// A loop over large arrays keeps `sorted(by:)`.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func stablySorted(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows -> [Element] {
    let elements = Array(self)
    let positions = try elements.indices.sorted { left, right in
      try areInIncreasingOrder(elements[left], elements[right])
        || (!(try areInIncreasingOrder(elements[right], elements[left])) && left < right)
    }
    return positions.map { elements[$0] }
  }

  /// The elements in increasing order, equal ones in the order they came: what `sorted()`
  /// returns, through the one shared sort of `stablySorted(by:)`.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  package func stablySorted() -> [Element] where Element: Comparable {
    stablySorted(by: <)
  }
}
