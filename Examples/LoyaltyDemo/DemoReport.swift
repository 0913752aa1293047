import Foundation

/// Prints the demo's sections and remembers how long each step took.
struct DemoReport {
  private var timings: [(String, Duration)] = []
  private let clock = ContinuousClock()

  func section(_ title: String) {
    print("\n\(title)\n" + String(repeating: "-", count: title.count))
  }

  func line(_ text: String) {
    print("  " + text)
  }

  /// Runs `body`, records how long it took under `name`, and returns its result.
  mutating func step<T>(_ name: String, _ body: () async throws -> T) async rethrows -> T {
    let start = clock.now
    let result = try await body()
    timings.append((name, clock.now - start))
    return result
  }

  func printTimings() {
    section("Timings")
    for (name, duration) in timings {
      let milliseconds =
        Double(duration.components.attoseconds) / 1e15
        + Double(duration.components.seconds) * 1_000
      line(
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
          + String(format: "%8.2f ms", milliseconds))
    }
  }
}
