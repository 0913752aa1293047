/// What an audit found, and over how much.
public struct AuditReport: Sendable {
  /// The Swift files read.
  public let fileCount: Int
  /// The platforms each file was evaluated for.
  public let platforms: [Platform]
  /// What would not build, ordered by file, line and platform.
  public let findings: [Finding]

  /// The last line the command prints:
  /// `platform-audit: N files, 6 platforms, K findings`.
  public var summary: String {
    "platform-audit: \(fileCount) files, \(platforms.count) platforms, \(findings.count) findings"
  }
}
