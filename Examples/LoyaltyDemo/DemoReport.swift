import Foundation

/// Prints the demo's sections, remembers how long each step took and which steps the
/// backend did not offer.
struct DemoReport {
  private var timings: [(String, Duration)] = []
  private(set) var skipped: [DemoOptionalStep] = []
  private let clock = ContinuousClock()
  private let started = ContinuousClock.now

  func section(_ title: String) {
    print("\n\(title)")
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

  /// Says in one line that the backend does not offer `step`, and lists it in the
  /// summary.
  mutating func skip(_ step: DemoOptionalStep) {
    line("this backend offers no \(step.offering): skipped")
    skipped.append(step)
  }

  func printSummary() {
    print("\nTimings")
    for (name, duration) in timings {
      line(name.padding(toLength: 26, withPad: " ", startingAt: 0) + Self.milliseconds(duration))
    }
    line(
      "total".padding(toLength: 26, withPad: " ", startingAt: 0)
        + Self.milliseconds(ContinuousClock.now - started))
    if !skipped.isEmpty {
      print("\nSkipped (not offered by this backend)")
      for step in skipped { line(step.offering) }
    }
    print(
      "\nDone: \(timings.count) steps" + (skipped.isEmpty ? "." : ", \(skipped.count) skipped."))
  }

  private static func milliseconds(_ duration: Duration) -> String {
    let value =
      Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%9.2f ms", value)
  }
}

/// A figure as the demo prints it: the value, with its unit, or "not sent" when the
/// server's answer did not carry it (never 0 in its place).
func shown<Value>(_ value: Value?, _ unit: String = "") -> String {
  guard let value else { return unit.isEmpty ? "not sent" : "\(unit) not sent" }
  return unit.isEmpty ? "\(value)" : "\(value) \(unit)"
}

/// Whether a cost is known to be more than a balance: a cost or a balance the server did
/// not send is not guessed, and the server decides.
func costsMore(_ cost: Int?, than balance: Int?) -> Bool {
  guard let cost, let balance else { return false }
  return cost > balance
}
