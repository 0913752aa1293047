/// How a successful answer holds an object (a card, a campaign, a profile, a market pass,
/// a validation, a redemption), where the wire contract leaves it open.
///
/// The sandbox's own answers hold a card and a campaign under a member named after them
/// (`"result": {"card": {...}}`) and give the others as the payload itself (`"result":
/// {"uuid": ..., "points": ...}` for the profile). Other backends built from the same
/// seed answer in other forms, and a client reads them all (`Docs/API.md`, "Objects in
/// answers"). A form applies to the payload of a successful answer of a call whose answer
/// is one object; declines, errors and other answers are sent as they are.
public enum SandboxObjectForm: String, Sendable, Hashable, CaseIterable {
  /// Each object in the sandbox's own form. The default.
  case own
  /// Every object as the payload itself: `"result": {"token": ..., "card_number": ...}`.
  case bare
  /// Every object under a member named after it: `"result": {"profile": {...}}`.
  case wrapped
  /// Each object in its own form, and every `result` payload (objects and lists) under
  /// a `MAPP_*` key named after the call's wrapper instead, with its `-status`:
  /// `"MAPP_CARDS": {"card": {...}}, "MAPP_CARDS-status": 1`.
  case domain
}
