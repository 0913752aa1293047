/// Picks the configuration file for a build from the `loyalty*.json` files a target holds.
///
/// With an environment (`development` or `production`, from `LOYALTY_ENVIRONMENT`), the
/// file `loyalty.<environment>.json` is used when the target has it, else `loyalty.json`.
/// Without one, `loyalty.json`.
public struct ConfigurationFileSelector: Sendable {
  /// The environments a file may be named after.
  public static let environments = ["development", "production"]

  /// The environment the build asked for; nil or empty for none.
  public var environment: String?

  /// Creates a selector for a build environment.
  public init(environment: String?) {
    self.environment = environment
  }

  /// The file to use, from the paths of the target's configuration files.
  /// - Throws: ``ConfigurationDiagnostic`` when the environment is not one of
  ///   ``environments`` or no file fits.
  public func select(from paths: [String]) throws(ConfigurationDiagnostic) -> String {
    func named(_ name: String) -> String? {
      paths.first { $0 == name || $0.hasSuffix("/\(name)") }
    }
    let environment = (environment ?? "").isEmpty ? nil : environment
    if let environment {
      guard Self.environments.contains(environment) else {
        throw ConfigurationDiagnostic(
          file: nil, location: nil,
          message:
            "LOYALTY_ENVIRONMENT is \"\(environment)\"; use one of "
            + Self.environments.joined(separator: ", ") + ", or leave it unset.")
      }
      if let file = named("loyalty.\(environment).json") {
        return file
      }
    }
    if let file = named("loyalty.json") {
      return file
    }
    throw ConfigurationDiagnostic(
      file: paths.first, location: nil,
      message:
        environment.map { "Neither loyalty.\($0).json nor loyalty.json is in the target." }
        ?? "loyalty.json is not in the target; set LOYALTY_ENVIRONMENT to use "
        + "loyalty.development.json or loyalty.production.json.")
  }
}
