/// The host app's lifecycle in one place: ``LoyaltyClient/lifecycle``.
///
/// The host calls it from its app delegate or scene (a server host may never call it),
/// and each module does its part, all of them at once; the call returns when every module
/// has finished:
///
/// | call | what the modules do |
/// |---|---|
/// | ``didBecomeActive()`` | the market refreshes what is older than its minimum interval; device info is sent again if it changed; analytics are flushed; a host-issued token older than `token.providerTokenMaxAge` is asked for again |
/// | ``didEnterBackground()`` | analytics are flushed; the market's refreshes in flight are cancelled |
/// | ``networkPathChanged(isSatisfied:)`` | back online: what was last read from the cache is revalidated |
/// | ``setLanguage(_:)`` | what depends on the language is fetched again in the new one, never mixed |
///
/// ```swift
/// let lifecycle = try client.lifecycle
/// await lifecycle.didBecomeActive()  // from the scene's sceneDidBecomeActive(_:)
/// await lifecycle.networkPathChanged(isSatisfied: true)
/// try await lifecycle.setLanguage("en")
/// ```
public final class AppLifecycle: Sendable {
  /// What a module runs for each event.
  public typealias Observer = @Sendable (LifecycleEvent) async -> Void

  private struct State {
    var observers: [Observer] = []
    var language: String
    var isNetworkSatisfied: Bool?
  }

  private let state: Locked<State>
  private let logger: LoyaltyLogger

  /// Creates a lifecycle starting in `language`.
  public init(language: String, logger: LoyaltyLogger = .disabled) {
    state = Locked(State(language: language))
    self.logger = logger
  }

  /// The content language: the configuration's until ``setLanguage(_:)`` changes it.
  public var language: String { state.withLock { $0.language } }

  /// Whether the network path was last said to be satisfied; `nil` before the host said.
  public var isNetworkSatisfied: Bool? { state.withLock { $0.isNetworkSatisfied } }

  /// Adds what a module runs on each event.
  public func addObserver(_ observer: @escaping Observer) {
    state.withLock { $0.observers.append(observer) }
  }

  /// The app became active: stale answers are refreshed, device info and analytics sent.
  public func didBecomeActive() async {
    await notify(.becameActive)
  }

  /// The app went to the background: analytics are flushed, refreshes end.
  public func didEnterBackground() async {
    await notify(.enteredBackground)
  }

  /// The network path changed. Only a change is passed on: the same state twice in a row
  /// notifies once.
  public func networkPathChanged(isSatisfied: Bool) async {
    let changed = state.withLock { state in
      defer { state.isNetworkSatisfied = isSatisfied }
      return state.isNetworkSatisfied != isSatisfied
    }
    guard changed else { return }
    await notify(.networkPathChanged(isSatisfied: isSatisfied))
  }

  /// Changes the content language at run time (seed 000: `applicationLocale`); what
  /// depends on it is fetched again in the new language. The same language again does
  /// nothing.
  /// - Throws: ``LoyaltyError/Code/invalidLanguage`` for anything but a two-letter
  ///   lower-case code.
  public func setLanguage(_ language: String) async throws {
    guard language.count == 2, language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
      throw LoyaltyError(
        .invalidLanguage, "language \"\(language)\" is not a two-letter code.",
        recoverySuggestion: "Use a lower-case ISO 639-1 code such as \"el\" or \"en\".",
        metadata: ["field": "language"])
    }
    let changed = state.withLock { state in
      defer { state.language = language }
      return state.language != language
    }
    guard changed else { return }
    logger.info("The content language is now \(language).")
    await notify(.languageChanged(language))
  }

  /// Runs every observer at once and waits for all of them.
  private func notify(_ event: LifecycleEvent) async {
    let observers = state.withLock { $0.observers }
    await withTaskGroup(of: Void.self) { group in
      for observer in observers {
        group.addTask { await observer(event) }
      }
    }
  }
}
