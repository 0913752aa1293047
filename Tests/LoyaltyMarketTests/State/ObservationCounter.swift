import Observation

/// Counts how many times what `read` reads of an observable model is about to change:
/// one notification per main-actor turn (it tracks again on the next turn, as a SwiftUI
/// view redraws once for the changes of one turn).
@MainActor
final class ObservationCounter {
  private(set) var count = 0
  private let read: @MainActor () -> Void

  init(_ read: @escaping @MainActor () -> Void) {
    self.read = read
    track()
  }

  private func track() {
    withObservationTracking(read) { [weak self] in
      Task { @MainActor in
        self?.count += 1
        self?.track()
      }
    }
  }
}
