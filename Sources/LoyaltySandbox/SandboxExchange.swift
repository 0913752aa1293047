public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One request as the sandbox handled it: the call it was, the fault applied and what a
/// client gets back (``SandboxBackend/exchange(_:)``).
public struct SandboxExchange: Sendable {
  /// The call the request was for, as counters name it.
  public let endpoint: SandboxEndpoint
  /// The fault applied to it, if any (latency aside).
  public let fault: SandboxFault?
  /// The latency injected before it was handled, in seconds.
  public let delay: TimeInterval
  /// The answer, or the error a client sees when no answer arrives (a dropped or lost
  /// connection, a timeout during injected latency).
  public let result: Result<HTTPResponse, LoyaltyError>

  /// Creates an exchange.
  public init(
    endpoint: SandboxEndpoint, fault: SandboxFault?, delay: TimeInterval,
    result: Result<HTTPResponse, LoyaltyError>
  ) {
    self.endpoint = endpoint
    self.fault = fault
    self.delay = delay
    self.result = result
  }
}
