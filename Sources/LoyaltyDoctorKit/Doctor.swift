public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Runs every check of `swift package loyalty-doctor` and gathers them in a
/// ``DoctorReport``.
///
/// What it touches comes in through its initializer: the system libraries as found by
/// the products, the transport the base URL is reached with, the clock. Tests pass an
/// in-memory transport and a fixed clock.
public struct Doctor: Sendable {
  /// Makes the transport for a timeout in seconds.
  public typealias TransportFactory = @Sendable (TimeInterval) -> any HTTPTransport

  private let options: DoctorOptions
  private let libraries: SystemLibraries
  private let makeTransport: TransportFactory
  private let now: @Sendable () -> Date
  private let security: (@Sendable () async throws -> SecurityDiagnostics)?

  /// Creates a doctor.
  /// - Parameters:
  ///   - options: What to check.
  ///   - libraries: The system libraries as the products find them.
  ///   - makeTransport: Makes the transport the base URL is reached with.
  ///   - now: The local clock the server's is compared with.
  ///   - security: A running client's security report
  ///     (``LoyaltyCore/LoyaltyClient/securityDiagnostics(serverClock:expiringWithin:)``),
  ///     checked by ``SecurityDiagnosticsCheck``; `nil` (the command line) skips it.
  public init(
    options: DoctorOptions,
    libraries: SystemLibraries,
    makeTransport: @escaping TransportFactory,
    now: @escaping @Sendable () -> Date = { Date() },
    security: (@Sendable () async throws -> SecurityDiagnostics)? = nil
  ) {
    self.options = options
    self.libraries = libraries
    self.makeTransport = makeTransport
    self.now = now
    self.security = security
  }

  /// Runs the checks: the configuration, the system libraries, the base URL and the
  /// clock, the data directory, encryption and the token when a security report is
  /// given, the products linked.
  public func run() async -> DoctorReport {
    var report = DoctorReport()
    let configuration = ConfigurationCheck.run(
      explicit: options.configFile, searchDirectories: options.searchDirectories,
      display: display)
    report.checks += configuration.checks
    report.checks += libraries.checks

    if let baseURL = options.baseURL ?? configuration.configuration?.baseURL {
      report.checks += await BaseURLCheck.run(
        baseURL: baseURL, transport: makeTransport(options.timeout), timeout: options.timeout,
        now: now)
    } else {
      report.checks.append(
        .warning(
          "base URL", "skipped: no configuration and no --base-url",
          fix: "pass --config PATH or --base-url URL"))
    }

    if let configuration = configuration.configuration {
      report.checks += DataDirectoryCheck.check(configuration.dataDirectory)
    } else {
      report.checks.append(
        .warning(
          "data directory", "skipped: no configuration to read database.directory from",
          fix: "pass --config PATH"))
    }

    if let security {
      do {
        report.checks += SecurityDiagnosticsCheck.checks(for: try await security())
      } catch {
        report.checks.append(
          .error(
            "encryption", "the security report could not be made: \(error)",
            fix: "run the doctor with a started client"))
      }
    }

    report.checks += LinkedProducts.checks(options.links)
    return report
  }

  /// A path relative to the package directory when it is inside it.
  private func display(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    guard let root = options.packageDirectory?.standardizedFileURL.path,
      path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    else { return path }
    return String(path.dropFirst(root.count).drop { $0 == "/" })
  }
}
