public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Logs each attempt: method, path, status and duration at `debug`; headers and bodies
/// at `verbose`. Header fields whose name names a secret (`Authorization`,
/// `loyalty-signature`, `unique-device-id`, ...) are masked whole; everything else goes
/// through the ``LoyaltyCore/LoyaltyLogger``, which masks tokens, keys, emails, phone
/// numbers, card numbers, PINs and the values of secret keys.
public struct LoggingMiddleware: HTTPMiddleware {
  private let logger: LoyaltyLogger
  private let clock: any LoyaltyClock

  /// Creates the middleware.
  public init(logger: LoyaltyLogger, clock: any LoyaltyClock) {
    self.logger = logger
    self.clock = clock
  }

  public func intercept(
    _ request: HTTPRequest, context: RequestContext,
    next: @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) async throws -> HTTPResponse {
    guard logger.isEnabled(.debug) else { return try await next(request) }
    let started = clock.now
    let target = "\(request.method) \(request.url.path)"
    if logger.isEnabled(.verbose) {
      let headers = request.headers.masked().map { "\($0.name): \($0.value)" }
        .joined(separator: "; ")
      logger.verbose("-> \(target) [\(headers)] \(Self.preview(request.body))")
    }
    do {
      let response = try await next(request)
      let milliseconds = Int(saturating: clock.now.timeIntervalSince(started) * 1_000)
      logger.debug("<- \(target) \(response.status) in \(milliseconds) ms (\(context.endpoint))")
      if logger.isEnabled(.verbose) {
        logger.verbose("<- \(target) body \(Self.preview(response.body))")
      }
      return response
    } catch {
      logger.debug("<- \(target) failed: \(error) (\(context.endpoint))")
      throw error
    }
  }

  private static func preview(_ body: Data?) -> String {
    guard let body, !body.isEmpty else { return "(no body)" }
    let text = String(decoding: body.prefix(2_048), as: UTF8.self)
    return body.count > 2_048 ? text + "... (\(body.count) bytes)" : text
  }
}
