/// How a check of ``Doctor`` came out.
public enum DoctorStatus: String, Sendable, Hashable, Comparable, CaseIterable {
  /// Nothing to do.
  case ok
  /// Works, but worth a look: something is looser, older or unknown.
  case warning
  /// Would fail at run time; the doctor exits with a non-zero status.
  case error

  private var rank: Int {
    switch self {
    case .ok: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: DoctorStatus, rhs: DoctorStatus) -> Bool { lhs.rank < rhs.rank }
}
