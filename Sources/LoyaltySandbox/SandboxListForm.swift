/// How a successful answer holds its list, where the wire contract leaves it open.
///
/// The sandbox's own answers hold a list as a member of the payload object, next to its
/// siblings: points history answers `{"result": {"points_history": [...], "balance":
/// "120"}}`. Other backends built from the same contract answer in other forms, and a
/// client reads them all. A form applies to the payload of a successful answer (the value
/// of its `MAPP_*` domain member or of `result`) of a call whose answer holds a list
/// (``SandboxEndpoint/listKey``); declines, errors and answers without a list are sent as
/// they are.
public enum SandboxListForm: String, Sendable, Hashable, CaseIterable {
  /// The list under its key, its siblings kept: `"result": {"points_history": [...],
  /// "balance": "120"}`. The default: the sandbox's own form.
  case keyed
  /// The payload is the list, its siblings dropped: `"result": [...]`, `"MAPP_SHOPS":
  /// [...]`.
  case bare
  /// The list moved under the key `items`, its siblings kept: `"result": {"items": [...],
  /// "balance": "120"}`.
  case items
  /// The list moved under the key `entries`, its siblings kept: `"result": {"entries":
  /// [...], "balance": "120"}`.
  case entries
  /// The list's key holds its first element alone, as an object, its siblings kept:
  /// `"result": {"points_history": {...}, "balance": "120"}`. An empty list stays `[]`.
  case single
}
