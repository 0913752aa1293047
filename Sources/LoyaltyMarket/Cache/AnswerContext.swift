import LoyaltyCore

/// Whom and in what language the market's reads are asked for, and whether a read still
/// is when its answer lands: an answer lands (in ``Market/state``, its change streams, its
/// events, the cache) only where it was asked for.
///
/// Each thing a read depends on is a generation that its change moves: the user (a login
/// or a logout), the language (``LoyaltyCore/AppLifecycle/setLanguage(_:)``), the cache
/// (turned off) and the client (shut down). A read takes a ``Ticket`` when it starts; its
/// answer is dropped when a generation it depends on moved meanwhile. One change makes
/// every read in flight before it late, whatever call it is and whatever policy it runs
/// under: the check is made once, where the answer lands.
final class AnswerContext: Sendable {
  /// What a read was asked for, taken when it starts.
  struct Ticket: Sendable {
    fileprivate let user: UInt64
    fileprivate let language: UInt64
    /// The language the read asked for; `nil` for a read whose answer has none (points,
    /// the profile, the market pass, cards).
    fileprivate let asked: String?
    fileprivate let cache: UInt64
  }

  /// What moved since a ticket was taken; its raw value is the error's `changed`.
  private enum Moved: String {
    case client, user, language
  }

  private struct State {
    var user: UInt64 = 0
    var language: UInt64 = 0
    /// The language of the last change; `nil` before any.
    var current: String?
    var cache: UInt64 = 0
    var isShutDown = false
    /// Between ``userChanging()`` and ``userChanged()``: the stored tokens are changing.
    var isUserChanging = false
  }

  private let state = Locked(State())
  private let logger: LoyaltyLogger

  init(logger: LoyaltyLogger) {
    self.logger = logger
  }

  /// The ticket of a read that starts now, asking for `language` (`nil`: none).
  func ticket(language: String?) -> Ticket {
    state.withLock { state in
      Ticket(user: state.user, language: state.language, asked: language, cache: state.cache)
    }
  }

  /// A login or an end of the session is about to change the stored tokens: no read
  /// asked before lands, nor any asked until ``userChanged()`` (its user may be the one
  /// leaving).
  func userChanging() {
    state.withLock { state in
      state.user &+= 1
      state.isUserChanging = true
    }
  }

  /// The stored tokens changed (a login, a logout, or the attempt at either is over): no
  /// read asked before lands.
  func userChanged() {
    state.withLock { state in
      state.user &+= 1
      state.isUserChanging = false
    }
  }

  /// The host's language is now `language`: a read asked before lands only if it asked
  /// for `language`, or for none.
  func languageChanged(to language: String) {
    state.withLock { state in
      state.language &+= 1
      state.current = language
    }
  }

  /// The offline cache was turned off: no answer asked before is stored.
  func cacheErased() {
    state.withLock { $0.cache &+= 1 }
  }

  /// The client shut down: nothing lands any more.
  func shutDown() {
    state.withLock { $0.isShutDown = true }
  }

  /// Why the answer of `ticket` no longer lands, for the read `call`: a
  /// ``LoyaltyCore/LoyaltyError/Code/contextChanged`` (`changed`: `user` or `language`)
  /// or ``LoyaltyCore/LoyaltyError/Code/clientShutDown``; `nil` when it still lands.
  func staleness(of ticket: Ticket, call: String) -> LoyaltyError? {
    let changed = state.withLock { state -> Moved? in
      if state.isShutDown { return .client }
      if state.user != ticket.user || state.isUserChanging { return .user }
      let sameLanguage =
        ticket.asked == nil || state.language == ticket.language || state.current == ticket.asked
      return sameLanguage ? nil : .language
    }
    guard let changed else { return nil }
    logger.debug(
      "A late answer to \(call) was dropped: the \(changed) changed while it was in flight.")
    guard changed != .client else {
      return LoyaltyError(
        .clientShutDown,
        "The client shut down while \(call) was in flight; its answer was dropped.",
        metadata: ["call": call])
    }
    return LoyaltyError(
      .contextChanged,
      "The \(changed) changed while \(call) was in flight; its answer was dropped.",
      recoverySuggestion: "Read again for the current \(changed).",
      metadata: ["call": call, "changed": changed.rawValue])
  }

  /// Whether an answer of `ticket` may be kept in the cache: the user and the cache are
  /// still those it was asked for, and the client runs. (Its language is part of its key.)
  func mayStore(_ ticket: Ticket) -> Bool {
    state.withLock { state in
      !state.isShutDown && !state.isUserChanging && state.user == ticket.user
        && state.cache == ticket.cache
    }
  }
}
