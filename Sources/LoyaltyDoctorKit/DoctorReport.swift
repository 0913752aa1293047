/// What ``Doctor`` found: one ``DoctorCheck`` per line, in the order checked.
///
/// The text form puts the status first, so `grep '^error'` finds what would fail:
///
/// ```
/// ok       configuration  Sources/App/loyalty.json is valid (app 0123…, custom (http://…))
/// error    base URL       http://127.0.0.1:9 did not answer: connection refused
///                         fix: start the backend, or pass --base-url with one that answers
/// ```
public struct DoctorReport: Sendable, Hashable {
  /// The checks, in the order they ran.
  public var checks: [DoctorCheck]

  /// Creates a report.
  public init(checks: [DoctorCheck] = []) {
    self.checks = checks
  }

  /// The worst status of any check; ok for an empty report.
  public var status: DoctorStatus { checks.map(\.status).max() ?? .ok }

  /// The process exit status: 1 when any check is an error (something would fail at run
  /// time), 0 otherwise; warnings do not fail.
  public var exitStatus: Int32 { status == .error ? 1 : 0 }

  /// How many checks came out with `status`.
  public func count(_ status: DoctorStatus) -> Int {
    checks.count { $0.status == status }
  }

  /// The report as text: a line per check, its fix indented below it, and a summary.
  public var text: String {
    let statusWidth = DoctorStatus.allCases.map(\.rawValue.count).max() ?? 0
    let areaWidth = checks.map(\.area.count).max() ?? 0
    let indent = String(repeating: " ", count: statusWidth + areaWidth + 4)
    var lines: [String] = []
    for check in checks {
      let status = check.status.rawValue.padding(statusWidth)
      let area = check.area.padding(areaWidth)
      lines.append("\(status)  \(area)  \(check.message)")
      if let fix = check.fix {
        lines.append("\(indent)fix: \(fix)")
      }
    }
    lines.append(
      "\(count(.ok)) ok, \(count(.warning)) warning(s), \(count(.error)) error(s)")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
