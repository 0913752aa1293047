/// Where the sandbox puts the members of a successful answer.
///
/// The platform's backend wraps answers as `{"status": "1", "context": {...}}` and its
/// SDK flattens them; a client must read both shapes (`Docs/API.md`, "Responses").
public enum SandboxEnvelope: String, Sendable, Hashable, CaseIterable {
  /// Every member but `status` inside `context`: `{"status": "1", "context":
  /// {"result": {...}}}`, `{"status": "1", "context": {"MAPP_COUPON": {...},
  /// "MAPP_COUPON-status": 1}}`. The default: the backend's shape.
  case context
  /// Every member at the top level: `{"status": "1", "result": {...}}`,
  /// `{"status": "1", "MAPP_COUPON": {...}, "MAPP_COUPON-status": 1}`.
  case flat
}
