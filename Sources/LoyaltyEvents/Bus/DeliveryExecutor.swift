/// How a subscription's delivery task starts: on the global concurrent executor, or with
/// a task executor preference where the system has them (iOS 18, macOS 15).
@usableFromInline
struct DeliveryExecutor: Sendable {
  /// Starts the task that runs `operation`.
  let start: @Sendable (@escaping @Sendable () async -> Void) -> Task<Void, Never>

  /// A task without a preference: a task with one pays for looking it up at every
  /// suspension.
  @usableFromInline
  static let global = DeliveryExecutor { Task(operation: $0) }

  /// A task that prefers `executor`.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  @usableFromInline
  static func preferring(_ executor: any TaskExecutor) -> DeliveryExecutor {
    DeliveryExecutor { Task(executorPreference: executor, operation: $0) }
  }
}
