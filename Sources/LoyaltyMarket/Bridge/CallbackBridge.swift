public import Dispatch
public import LoyaltyCore

/// The one bridge from async calls to completion handlers.
public enum CallbackBridge {
  // Not specialised: runs once per call: one copy for every result type (a copy per type cost hosts 49 KB).

  /// Runs `operation` in a task and delivers its result on `queue`.
  ///
  /// Errors other than ``LoyaltyCore/LoyaltyError`` (there should be none) arrive as
  /// ``LoyaltyCore/LoyaltyError/Code/internalInconsistency``; cancellation arrives as
  /// ``LoyaltyCore/LoyaltyError/Code/cancelled``.
  /// - Returns: The task, to cancel the call.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  @discardableResult
  public static func run<T: Sendable>(
    on queue: DispatchQueue,
    completion: @escaping @Sendable (Result<T, LoyaltyError>) -> Void,
    _ operation: @escaping @Sendable () async throws -> T
  ) -> Task<Void, Never> {
    Task {
      let result: Result<T, LoyaltyError>
      do {
        result = .success(try await operation())
      } catch let error as LoyaltyError {
        result = .failure(error)
      } catch is CancellationError {
        result = .failure(LoyaltyError(.cancelled, "The call was cancelled."))
      } catch {
        result = .failure(
          LoyaltyError(.internalInconsistency, "The call failed unexpectedly.", underlying: error))
      }
      queue.async { completion(result) }
    }
  }
}
