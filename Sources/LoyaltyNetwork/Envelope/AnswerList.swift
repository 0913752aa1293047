package import LoyaltyCore

/// The forms a list may take in an answer: the one rule every reader of a list follows
/// (`Docs/API.md`, "Lists in answers").
///
/// The seed fixes what a call yields (a list of points-history entries, of coupons), not
/// the container around it: our answers hold a list as a member of the payload object
/// (`{"points_history": [...], "balance": "120"}`), and other backends built from the same
/// seed answer the list itself, or hold it under another obvious name, or answer a lone
/// object where the list has one element. Every one of those is read, with the same
/// values; a form other than ours is reported as drift, never a failure. A call fails
/// only when its list is nowhere to be found.
package enum AnswerList {
  /// How a list was found.
  package enum Form: String, Sendable, Hashable, CaseIterable {
    /// Under its own key (or one of the seed's names for it): ours.
    case keyed
    /// The payload itself is the list.
    case bare
    /// Under one of ``alternativeKeys`` instead of its own key.
    case renamed
    /// A lone object where the list was expected: a list of one.
    case single

    /// Whether a reader reports the form as drift: every form but ours.
    package var isDrift: Bool { self != .keyed }
  }

  /// The names a backend may hold a list under instead of its own, tried in this order
  /// after the list's own key and the seed's names for it (chosen here).
  package static let alternativeKeys = ["items", "entries", "list", "data", "results"]

  /// The elements of the list named `key` (or one of `aliases`) in `payload`, in any of
  /// the accepted forms, with the form found; `nil` when no form holds it. An explicit
  /// `null` under the key is an empty list.
  ///
  /// A `payload` that is itself a list is the list (``Form/bare``). In an object, the
  /// list's own names come first, then ``alternativeKeys`` (only when none of its own
  /// names is present: a word under its own name is the list unreadable, `nil`); under
  /// any of them a lone object is a list of one (``Form/single``).
  package static func elements(
    of key: String, aliases: [String] = [], in payload: JSONValue
  ) -> (elements: [JSONValue], form: Form)? {
    switch payload {
    case .array(let elements):
      return (elements, .bare)
    case .object(let object):
      var ownKeyPresent = false
      for name in CollectionOfOne(key) + aliases {
        if let found = read(object[name], form: .keyed) { return found }
        ownKeyPresent = ownKeyPresent || object[name] != nil
      }
      // A value under the list's own name that is not a list is the list unreadable,
      // never replaced by another name's.
      guard !ownKeyPresent else { return nil }
      for name in alternativeKeys {
        if let found = read(object[name], form: .renamed) { return found }
      }
      return nil
    default:
      return nil
    }
  }

  private static func read(_ value: JSONValue?, form: Form) -> (
    elements: [JSONValue], form: Form
  )? {
    switch value {
    case .array(let elements)?: (elements, form)
    case .null?: ([], form)
    case .object?: value.map { ([$0], .single) }
    default: nil
    }
  }
}
