import LoyaltyCore
import LoyaltyNetwork

/// Makes flow runs: `client.flows`.
///
/// ```swift
/// let run = try client.flows.setPIN(wToken: wToken, callbacks: callbacks)
/// Task { for await state in run.states() { render(state) } }
/// try await run.start()
/// ```
///
/// Each run sets its own `scope`, `w-token` and `lang` headers; the host never sets
/// them per call.
public struct FlowCenter: Sendable {
  let environment: FlowEnvironment

  /// The PIN rules runs check against.
  public var pinRules: PINRules { environment.rules }

  /// A run that sets a first PIN.
  /// - Parameters:
  ///   - wToken: The wallet token the host got for this flow (sent as `w-token`).
  ///   - requiringTerms: Whether the user must accept the terms on the start screen
  ///     (``FlowRun/acceptTerms()``) before a one-time code is asked for (seed 004 lines
  ///     12, 37: the welcome screen).
  ///   - callbacks: The outcome channel, if the host wants callbacks.
  public func setPIN(
    wToken: String, requiringTerms: Bool = false, callbacks: FlowCallbacks? = nil
  ) -> FlowRun {
    run(
      .setPIN, wToken: wToken, reference: nil, requiringTerms: requiringTerms,
      callbacks: callbacks)
  }

  /// A run that changes the PIN.
  public func changePIN(wToken: String, callbacks: FlowCallbacks? = nil) -> FlowRun {
    run(.changePIN, wToken: wToken, reference: nil, callbacks: callbacks)
  }

  /// A run that resets a forgotten PIN.
  /// - Parameters:
  ///   - wToken: The wallet token the host got for this flow (sent as `w-token`).
  ///   - requiringTerms: Whether the user must accept the terms on the start screen
  ///     before a one-time code is asked for, as for ``setPIN(wToken:requiringTerms:callbacks:)``.
  ///   - callbacks: The outcome channel, if the host wants callbacks.
  public func forgotPIN(
    wToken: String, requiringTerms: Bool = false, callbacks: FlowCallbacks? = nil
  ) -> FlowRun {
    run(
      .forgotPIN, wToken: wToken, reference: nil, requiringTerms: requiringTerms,
      callbacks: callbacks)
  }

  /// A run that pays a QR code (CPQRC).
  /// - Parameters:
  ///   - paymentReference: The reference the QR code carries.
  ///   - wToken: The wallet token the host got for this flow (sent as `w-token`).
  ///   - callbacks: The outcome channel, if the host wants callbacks.
  public func payQR(
    paymentReference: String, wToken: String, callbacks: FlowCallbacks? = nil
  ) -> FlowRun {
    run(.qrPayment, wToken: wToken, reference: paymentReference, callbacks: callbacks)
  }

  private func run(
    _ kind: FlowKind, wToken: String, reference: String?, requiringTerms: Bool = false,
    callbacks: FlowCallbacks?
  ) -> FlowRun {
    FlowRun(
      kind: kind, wToken: wToken, paymentReference: reference, requiringTerms: requiringTerms,
      callbacks: callbacks, environment: environment)
  }
}
