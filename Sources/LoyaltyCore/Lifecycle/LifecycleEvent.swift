/// What happened to the host app, as ``AppLifecycle`` tells the modules.
public enum LifecycleEvent: Sendable, Hashable {
  /// The app came to the foreground (or a server host says a user came back).
  case becameActive
  /// The app went to the background.
  case enteredBackground
  /// The device's network path changed: `isSatisfied` when a network can be reached.
  case networkPathChanged(isSatisfied: Bool)
  /// The content language changed to the two-letter code it carries.
  case languageChanged(String)
}
