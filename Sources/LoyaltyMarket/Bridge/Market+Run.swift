public import Dispatch
public import LoyaltyCore

extension Market {
  // Not specialised: runs once per call: one copy for every result type.

  /// Runs any market call and delivers its result to a completion handler on `queue`:
  /// the callback form of every call, for hosts written around completion handlers.
  ///
  /// ```swift
  /// market.run(on: myQueue) {
  ///   try await $0.coupons()
  /// } completion: { result in
  ///   switch result {
  ///   case .success(let coupons): print("\(coupons.count) coupons")
  ///   case .failure(let error): print(error.code)  // a LoyaltyError
  ///   }
  /// }
  /// ```
  ///
  /// The call runs in a task through ``CallbackBridge/run(on:completion:_:)``: errors other
  /// than ``LoyaltyCore/LoyaltyError`` arrive as
  /// ``LoyaltyCore/LoyaltyError/Code/internalInconsistency``, cancellation as
  /// ``LoyaltyCore/LoyaltyError/Code/cancelled``. On Linux a process must run its main
  /// queue (`dispatchMain()` or a run loop) for main-queue completions to arrive; servers
  /// pass a queue of their own.
  /// - Parameters:
  ///   - queue: Where `completion` runs; the main queue by default.
  ///   - operation: The async call, given this market.
  ///   - completion: Receives the call's result.
  /// - Returns: The task, to cancel the call.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  @discardableResult
  public func run<T: Sendable>(
    on queue: DispatchQueue = .main,
    _ operation: @escaping @Sendable (Market) async throws -> T,
    completion: @escaping @Sendable (Result<T, LoyaltyError>) -> Void
  ) -> Task<Void, Never> {
    CallbackBridge.run(on: queue, completion: completion) { try await operation(self) }
  }
}
