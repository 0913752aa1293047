import LoyaltyCore
import Testing

/// Expects `body` to throw a ``LoyaltyError`` with `code`, and returns it.
@discardableResult
func expectLoyaltyError(
  _ code: LoyaltyError.Code,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void
) async -> LoyaltyError? {
  do {
    try await body()
    Issue.record("Expected \(code), but nothing was thrown.", sourceLocation: sourceLocation)
  } catch let error as LoyaltyError {
    #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("Expected \(code), got \(error).", sourceLocation: sourceLocation)
  }
  return nil
}
