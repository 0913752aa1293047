import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the doctor checks, read from its command line.
///
/// The user's flags: `--config PATH`, `--base-url URL`, `--timeout SECONDS`. The
/// command plugin adds what only it knows: `--package-dir DIR` (relative paths resolve
/// against it), `--search-dir DIR` for each target directory to look for `loyalty.json`
/// in, and `--links TARGET=PRODUCT,PRODUCT` for each target that links Loyalty products.
public struct DoctorOptions: Sendable, Hashable {
  /// The configuration file named with `--config`, if any.
  public var configFile: URL?
  /// The base URL named with `--base-url`; it overrides the configuration's environment.
  public var baseURL: URL?
  /// How long the base URL may take to answer, in seconds.
  public var timeout: TimeInterval
  /// The host package's directory.
  public var packageDirectory: URL?
  /// The directories searched for `loyalty.json` when `--config` is absent.
  public var searchDirectories: [URL]
  /// The Loyalty products each target of the host links, by target name; `nil` when the
  /// doctor does not run through the command plugin and so cannot know.
  public var links: [String: [String]]?

  /// Creates options.
  public init(
    configFile: URL? = nil,
    baseURL: URL? = nil,
    timeout: TimeInterval = 10,
    packageDirectory: URL? = nil,
    searchDirectories: [URL] = [],
    links: [String: [String]]? = nil
  ) {
    self.configFile = configFile
    self.baseURL = baseURL
    self.timeout = timeout
    self.packageDirectory = packageDirectory
    self.searchDirectories = searchDirectories
    self.links = links
  }

  /// The usage text.
  public static let usage = """
    USAGE: swift package loyalty-doctor [--config PATH] [--base-url URL] [--timeout SECONDS]

      --config PATH        the loyalty.json to check (default: the first loyalty.json in the
                           package's target directories)
      --base-url URL       the backend to reach, instead of the configuration's environment
      --timeout SECONDS    how long the backend may take to answer (default: 10)
    """

  /// Reads options from a command line (without the program name).
  /// - Throws: ``LoyaltyError/Code/invalidArgument`` naming the flag at fault.
  public static func parse(_ arguments: [String]) throws -> DoctorOptions {
    var options = DoctorOptions()
    var configPath: String?
    var remaining = arguments[...]
    while let flag = remaining.popFirst() {
      guard let value = remaining.popFirst() else {
        throw LoyaltyError(
          .invalidArgument, "\(flag) needs a value, or is not a flag the doctor knows.",
          recoverySuggestion: usage)
      }
      switch flag {
      case "--config":
        configPath = value
      case "--base-url":
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", !(url.host ?? "").isEmpty
        else {
          throw LoyaltyError(
            .invalidArgument, "--base-url \(value) is not an absolute http(s) URL.",
            recoverySuggestion: "Pass a URL such as http://127.0.0.1:8080.")
        }
        options.baseURL = url
      case "--timeout":
        guard let seconds = TimeInterval(value), seconds > 0, seconds <= 600 else {
          throw LoyaltyError(
            .invalidArgument, "--timeout \(value) is not a number of seconds in (0, 600].",
            recoverySuggestion: "Pass a timeout such as --timeout 5.")
        }
        options.timeout = seconds
      case "--package-dir":
        options.packageDirectory = URL(fileURLWithPath: value, isDirectory: true)
      case "--search-dir":
        options.searchDirectories.append(URL(fileURLWithPath: value, isDirectory: true))
      case "--links":
        let parts = value.split(separator: "=", maxSplits: 1)
        let products = parts.count == 2 ? parts[1].split(separator: ",").map(String.init) : []
        options.links = options.links ?? [:]
        options.links?[String(parts.first ?? "")] = products
      default:
        throw LoyaltyError(
          .invalidArgument, "\(flag) is not a flag the doctor knows.", recoverySuggestion: usage)
      }
    }
    if let configPath {
      options.configFile = options.resolve(configPath)
    }
    return options
  }

  /// `path` as a file URL: absolute as given, relative to the package directory (or the
  /// current directory) otherwise.
  func resolve(_ path: String) -> URL {
    if path.hasPrefix("/") || packageDirectory == nil {
      return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: path, relativeTo: packageDirectory).standardizedFileURL
  }
}
