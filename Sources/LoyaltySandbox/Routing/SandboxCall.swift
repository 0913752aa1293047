import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything a handler reads about one request.
struct SandboxCall: Sendable {
  let request: SandboxRequest
  /// The fields of the domain wrapper (`{"coupon": {...}}`), or of the whole body for
  /// calls without one.
  let fields: [String: JSONValue]
  /// A path segment the route captured: a session UUID, a user-management action.
  let pathValue: String?
  /// The user of the bearer token, for authenticated calls.
  let userID: String?
  /// The `jti` of the bearer token, for authenticated calls.
  let tokenID: String?
  let now: Date
  let catalog: SandboxCatalog
  let generator: FixtureGenerator
  let configuration: SandboxConfiguration
  let issuer: TokenIssuer

  /// The requested language, `el` when absent.
  /// The context call's domain wrapper key (`cards`): the body's member that holds the
  /// `action`; `nil` for other calls.
  var wrapper: String? {
    guard case .object(let body)? = request.json else { return nil }
    return body.keys.sorted().first { body[$0]?["action"] != nil }
  }

  var language: String {
    fields["language"]?.stringValue ?? "el"
  }

  /// A string field, trimmed; `nil` when missing or empty.
  func string(_ name: String) -> String? {
    guard let text = fields[name]?.looseString?.trimmingWhitespaces(),
      !text.isEmpty
    else { return nil }
    return text
  }

  /// A list of strings: an array of strings, or a single string.
  func strings(_ name: String) -> [String]? {
    switch fields[name] {
    case .array(let values): values.compactMap(\.looseString)
    case .string(let value): [value]
    default: nil
    }
  }
}
