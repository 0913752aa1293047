public import Dispatch

/// Where a run's outcome callbacks run: a dispatch queue, the main actor, an actor of
/// the host's, or inline.
///
/// ```swift
/// let callbacks = FlowCallbacks(
///   delivery: .mainActor,
///   onSuccess: { result in print("done: \(result)") },
///   onFailed: { failure in print("failed: \(failure)") },
///   onUserCancel: { print("cancelled") })
/// ```
public struct FlowDelivery: Sendable {
  let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void

  /// A delivery that hands each callback to `schedule`.
  public init(_ schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
    self.schedule = schedule
  }

  /// On the task that ended the run, before the ending input returns.
  public static let inline = FlowDelivery { body in body() }

  /// Asynchronously on `queue`.
  public static func queue(_ queue: DispatchQueue) -> FlowDelivery {
    FlowDelivery { body in queue.async(execute: body) }
  }

  /// On the main actor, for UIKit and SwiftUI hosts.
  public static let mainActor = FlowDelivery { body in
    Task { @MainActor in body() }
  }

  /// Isolated to `actor`.
  public static func actor(_ actor: any Actor) -> FlowDelivery {
    FlowDelivery { body in
      Task { await run(body, on: actor) }
    }
  }

  private static func run(_ body: @Sendable () -> Void, on actor: isolated any Actor) {
    body()
  }
}
