/// The forms an object may take in an answer: the one rule every reader of an object
/// follows (`Docs/API.md`, "Objects in answers"), beside ``AnswerList`` for lists.
///
/// The seed fixes what a call yields (a card, a profile, a redemption), not the container
/// around it. Our answers hold some objects under a member of the payload named after
/// them (`"result": {"card": {...}}`) and give others as the payload itself (`"result":
/// {"uuid": ..., "points": ...}` for the profile); a backend built from the same seed may
/// answer either way for any call, and may put the payload under a `MAPP_*` key where we
/// use `result` (``EnvelopeReader/payload(_:)``). Every one of those is read, with the same
/// values; a form other than the call's own is reported as `unexpected_shape` drift, never
/// a failure. A call fails only when what it exists for is in no form.
package enum AnswerObject {
  /// How an object was found.
  package enum Form: String, Sendable, Hashable, CaseIterable {
    /// Under a member of the payload named after it: `{"card": {...}}`.
    case keyed
    /// The payload itself holds the object's fields.
    case bare
  }
}
