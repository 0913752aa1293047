import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Darwin)
  public import Foundation
#endif

/// Loading the server's key from a file or a resource shipped with the app (seed 004
/// line 18: the PEM from a bundle resource).
extension RSAPublicKey {
  /// The extension tried after a resource name that has none.
  public static let pemFileExtension = "pem"

  /// Decodes a public key from a PEM file.
  ///
  /// The file is read whole and decoded as ``init(pem:)`` does (CRLF line endings and
  /// text around the block accepted).
  /// - Parameter url: The file.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when the file is
  ///   missing or cannot be read (its path is in the message and the `path` metadata);
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it is empty, not UTF-8, not PEM,
  ///   or holds another kind of key (a private key included).
  public init(contentsOf url: URL) throws {
    try self.init(pem: Self.pemText(contentsOf: url))
  }

  /// Decodes a public key from a resource file in `directory`: `resource` as given,
  /// or else `resource.pem` when the name has no extension.
  /// - Parameters:
  ///   - resource: The file's name: `server-key` or `server-key.pem`.
  ///   - directory: The folder that holds it (an app's resource folder).
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when no such file
  ///   exists (the paths tried are in the message), or
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` as ``init(contentsOf:)``.
  public init(resource: String, at directory: URL) throws {
    try self.init(contentsOf: Self.resourceURL(resource, at: directory))
  }

  #if canImport(Darwin)
    /// Decodes a public key from a resource of `bundle`: `resource` as given, or else
    /// `resource.pem` when the name has no extension.
    /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when the bundle has
    ///   no such resource, or ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` as
    ///   ``init(contentsOf:)``.
    public init(resource: String, in bundle: Bundle) throws {
      guard let folder = bundle.resourceURL else {
        throw LoyaltyError(
          .configurationFile,
          "The bundle \(bundle.bundleIdentifier ?? "(unnamed)") has no resource folder.",
          metadata: ["resource": resource])
      }
      try self.init(resource: resource, at: folder)
    }
  #endif

  /// The file a resource name stands for in `directory`: the name as given, or else
  /// with ``pemFileExtension``.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when neither exists.
  static func resourceURL(_ resource: String, at directory: URL) throws -> URL {
    var candidates = [directory.appendingPathComponent(resource)]
    if !resource.contains(".") {
      candidates.append(
        directory.appendingPathComponent(resource + "." + pemFileExtension))
    }
    for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) {
      return candidate
    }
    let tried = candidates.map(\.path)
    throw LoyaltyError(
      .configurationFile,
      "The server key resource \"\(resource)\" was not found; tried "
        + tried.joined(separator: ", ") + ".",
      recoverySuggestion: "Ship the PEM file with the app and pass the folder that holds it.",
      metadata: ["resource": resource, "path": tried[0]])
  }

  /// The text of a PEM file.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/configurationFile`` when it cannot be
  ///   read, ``LoyaltyCore/LoyaltyError/Code/invalidPEM`` when it is not UTF-8.
  static func pemText(contentsOf url: URL) throws -> String {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw LoyaltyError(
        .configurationFile, "The PEM file \(url.path) could not be read.",
        recoverySuggestion: "Check that the file exists and the app may read it.",
        metadata: ["path": url.path], underlying: error)
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw LoyaltyError(
        .invalidPEM, "The PEM file \(url.path) is not text (UTF-8).",
        recoverySuggestion: "Pass the PEM (text) form of the key, not its DER bytes.",
        metadata: ["path": url.path])
    }
    return text
  }
}
