/// The result of ``StoreDatabase/checkIntegrity(quick:)``.
public struct IntegrityReport: Sendable, Hashable {
  /// The problems SQLite reported; empty when the database is sound.
  public let problems: [String]

  /// Creates a report.
  public init(problems: [String]) {
    self.problems = problems
  }

  /// Whether SQLite found no problem.
  public var isOK: Bool { problems.isEmpty }
}
