/// Where the app was when a notification arrived or was opened.
public enum ApplicationState: String, Sendable, Codable, CaseIterable {
  /// In the foreground: the user is using the app.
  case active
  /// Running in the background; the user opened the notification.
  case background
  /// Not running; the app was launched from the notification.
  case closed
}
