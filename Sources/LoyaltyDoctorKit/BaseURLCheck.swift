package import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// Checks that the backend answers, and measures the clock's skew against its `Date`
/// header.
///
/// Any HTTP answer counts as reachable, a 404 included: the doctor asks for the base URL
/// itself, which no API call uses. A connection refusal, a DNS failure or a timeout is
/// an error, since every call of the SDK would fail the same way.
package enum BaseURLCheck {
  /// The check lines: the base URL's, then the clock's (when the server sent a date).
  /// - Parameters:
  ///   - baseURL: The backend.
  ///   - transport: What sends the request.
  ///   - timeout: How long the backend may take to answer, in seconds.
  ///   - now: The local clock.
  package static func run(
    baseURL: URL, transport: any HTTPTransport, timeout: TimeInterval,
    now: @Sendable () -> Date
  ) async -> [DoctorCheck] {
    let request = HTTPRequest(method: .get, url: baseURL, timeout: timeout)
    let sent = now()
    let response: HTTPResponse
    do {
      response = try await transport.send(request)
    } catch let error as LoyaltyError {
      return [unreachable(baseURL, reason: "\(error.message) (\(error.code))", timeout: timeout)]
    } catch {
      return [unreachable(baseURL, reason: "\(error)", timeout: timeout)]
    }
    let received = now()
    var checks: [DoctorCheck] = [
      .ok("base URL", "\(baseURL.absoluteString) answers (HTTP \(response.status))")
    ]
    guard let header = response.headers["Date"] else {
      checks.append(
        .warning(
          "clock", "the server sent no Date header, so the clock's skew is unknown",
          fix: "compare this machine's clock with a time server (timedatectl status)"))
      return checks
    }
    guard let serverDate = HTTPDate.parse(header, now: received) else {
      checks.append(
        .warning(
          "clock", "the server's Date header \"\(header)\" is not an HTTP date",
          fix: "compare this machine's clock with a time server (timedatectl status)"))
      return checks
    }
    // The server stamped its answer somewhere between sending and receiving.
    let midpoint = sent.addingTimeInterval(received.timeIntervalSince(sent) / 2)
    checks.append(ClockSkew.check(skew: serverDate.timeIntervalSince(midpoint)))
    return checks
  }

  private static func unreachable(_ baseURL: URL, reason: String, timeout: TimeInterval)
    -> DoctorCheck
  {
    .error(
      "base URL",
      "\(baseURL.absoluteString) did not answer (waiting up to \(format(timeout)) s): \(reason)",
      fix: "start the backend or check the network; pass --base-url to try another, "
        + "--timeout to wait longer")
  }

  private static func format(_ seconds: TimeInterval) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
