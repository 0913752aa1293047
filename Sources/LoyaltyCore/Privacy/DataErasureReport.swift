#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What ``LoyaltyClient/eraseAllData()`` deleted, and what it could not.
public struct DataErasureReport: Sendable, Hashable {
  /// A file or directory that could not be deleted, and why.
  public struct Failure: Sendable, Hashable {
    /// The file or directory.
    public let url: URL
    /// What the file system said.
    public let reason: String

    /// Creates a failure.
    public init(url: URL, reason: String) {
      self.url = url
      self.reason = reason
    }
  }

  /// Every file and directory deleted, files before the directories that held them.
  public var deleted: [URL] = []
  /// Every file or directory that could not be deleted; the others were deleted still.
  public var failures: [Failure] = []

  /// An empty report.
  public init() {}

  /// Whether everything the SDK wrote is gone.
  public var isComplete: Bool { failures.isEmpty }
}
