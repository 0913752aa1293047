/// One line of a ``DoctorReport``: what was checked, how it came out and, when it is not
/// ok, how to fix it.
public struct DoctorCheck: Sendable, Hashable {
  /// The area checked: `configuration`, `sqlite`, `base URL`, ...
  public var area: String
  /// How it came out.
  public var status: DoctorStatus
  /// What was found.
  public var message: String
  /// What to do about it; `nil` when the check is ok.
  public var fix: String?

  /// Creates a check line.
  public init(_ area: String, _ status: DoctorStatus, _ message: String, fix: String? = nil) {
    self.area = area
    self.status = status
    self.message = message
    self.fix = status == .ok ? nil : fix
  }

  /// An ok line.
  public static func ok(_ area: String, _ message: String) -> DoctorCheck {
    DoctorCheck(area, .ok, message)
  }

  /// A warning line with its fix.
  public static func warning(_ area: String, _ message: String, fix: String) -> DoctorCheck {
    DoctorCheck(area, .warning, message, fix: fix)
  }

  /// An error line with its fix.
  public static func error(_ area: String, _ message: String, fix: String) -> DoctorCheck {
    DoctorCheck(area, .error, message, fix: fix)
  }
}
