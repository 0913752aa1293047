public import LoyaltyCore

/// The one rule that tells "this backend does not offer the call" from a failure of a
/// call it offers (`Docs/API.md`, "Calls a backend may not offer").
///
/// Seed 000 defines the loyalty calls; points of interest, the merchant directory and the
/// account and payment flows are ours, and a backend built from the seed alone answers
/// them in whatever way it answers a call it does not know. The first call of each of
/// those features (its entry call, ``Endpoint/isBeyondContract``) reads any of these as
/// ``LoyaltyCore/LoyaltyError/Code/notOffered``, never as "zero results":
///
/// - an HTTP status of ``statuses`` (404, 405, 501, and the 400 a context call's unknown
///   action gets: the request is the SDK's own and well formed);
/// - an envelope whose status is not success;
/// - a success whose payload holds none of what the call asked for (each reader decides:
///   no points of interest in any form, no manifest, no access token); a list of
///   something else, such as merchants, counts as none.
///
/// The caller changes nothing it stored before it throws. An empty list under the
/// expected name is an answer: zero.
public enum NotOffered {
  /// The HTTP statuses an entry call reads as "not offered" (chosen here).
  public static let statuses: Set<Int> = [400, 404, 405, 501]

  /// The error for `call`, which this backend does not offer: `reason` says how the
  /// answer showed it.
  public static func error(call: String, _ reason: String, status: Int? = nil) -> LoyaltyError {
    var metadata = ["endpoint": call, "reason": reason]
    metadata["status"] = status.map(String.init)
    return LoyaltyError(
      .notOffered, "This backend does not offer \(call): \(reason).",
      recoverySuggestion: "Leave the feature off for this backend; nothing stored was changed.",
      metadata: metadata)
  }

  /// Throws ``LoyaltyCore/LoyaltyError/Code/notOffered`` when `endpoint` is an entry call
  /// (``Endpoint/isBeyondContract``) and `response` has one of ``statuses``: for callers
  /// that read the raw response (``NetworkClient/response(for:)``) themselves.
  public static func check<Response>(_ response: HTTPResponse, for endpoint: Endpoint<Response>)
    throws(LoyaltyError)
  {
    guard endpoint.isBeyondContract, statuses.contains(response.status) else { return }
    throw error(
      call: endpoint.name, "it answered HTTP \(response.status)", status: response.status)
  }

  /// `error`, thrown by the entry call `call`, as ``LoyaltyCore/LoyaltyError/Code/notOffered``
  /// when it says the backend does not offer the call (an HTTP status of ``statuses``, an
  /// envelope status that is not success); `error` itself otherwise.
  public static func reading(_ error: LoyaltyError, call: String) -> LoyaltyError {
    switch error.code {
    case .httpStatus:
      guard let status = error.httpStatus,
        statuses.contains(status)
      else { return error }
      return Self.error(call: call, "it answered HTTP \(status)", status: status)
    case .serverStatus:
      let status = error.metadata["serverStatus"] ?? "missing"
      return Self.error(call: call, "it answered with status \(status)")
    default:
      return error
    }
  }
}
