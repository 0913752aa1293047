#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DecodingError {
  /// What went wrong and at which field path (`network.requestTimeout should be Double`),
  /// without the offending value, which may be personal data.
  public var loyaltySummary: String {
    func path(_ context: Context) -> String {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
      return path.isEmpty ? "the top level" : path.joined(separator: ".")
    }
    switch self {
    case .keyNotFound(let key, let context):
      let parent = context.codingPath.isEmpty ? "" : " in \(path(context))"
      return "missing field \"\(key.stringValue)\"\(parent)"
    case .typeMismatch(let type, let context):
      return "\(path(context)) should be \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context)) should be a \(type), found null"
    case .dataCorrupted(let context):
      return "\(path(context)): \(context.debugDescription)"
    @unknown default:
      return "undecodable data"
    }
  }
}
