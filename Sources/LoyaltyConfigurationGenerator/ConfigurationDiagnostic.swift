/// One problem with a configuration file, printed in the `path:line:column: error:
/// message` form that SwiftPM and Xcode show against the file.
public struct ConfigurationDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file at fault, when there is one.
  public var file: String?
  /// Where in the file, when known.
  public var location: SourceLocation?
  /// What is wrong and how to fix it.
  public var message: String

  /// Creates a diagnostic.
  public init(file: String?, location: SourceLocation?, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `path:line:column: error: message`, or `path: error: message` without a position.
  public var description: String {
    var prefix = file ?? "loyalty-configuration"
    if file != nil {
      prefix += ":\((location ?? .start).description)"
    }
    return "\(prefix): error: \(message)"
  }
}

/// Every problem found in one run; the tool prints each and fails.
public struct ConfigurationDiagnostics: Error, Sendable, Hashable {
  /// The problems, in the order they were found.
  public var diagnostics: [ConfigurationDiagnostic]

  /// Creates the list.
  public init(_ diagnostics: [ConfigurationDiagnostic]) {
    self.diagnostics = diagnostics
  }
}
