public import LoyaltyCore

/// The contract every ``LoyaltyCore/MetricsRecorder`` must keep.
///
/// Without `readingBack`, the checks show that the recorder takes every metric the SDK
/// can give it (every kind, an unknown kind included, extreme values, empty and unusual
/// dimensions) and many tasks recording at once, without crashing or deadlocking; run
/// them under ThreadSanitizer to catch races. With `readingBack`, which returns what a
/// recorder kept, they also show that nothing is lost or altered.
public enum MetricsRecorderConformance {
  /// Runs every check against fresh recorders from `makeRecorder`.
  /// - Parameters:
  ///   - readingBack: Returns every metric `recorder` kept, in order; `nil` for a
  ///     recorder that keeps nothing it can show (a bridge, the no-op).
  ///   - makeRecorder: Makes a fresh recorder.
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(
    readingBack: (@Sendable (any MetricsRecorder) -> [LoyaltyMetric])? = nil,
    _ makeRecorder: () async throws -> any MetricsRecorder
  ) async throws {
    let name = "MetricsRecorder"
    let samples = sampleMetrics()
    let recorder = try await makeRecorder()
    for metric in samples {
      recorder.record(metric)
    }
    if let readingBack {
      let kept = readingBack(recorder)
      try require(
        kept == samples, name, "keeps every metric unchanged, in order",
        "\(kept.count) of \(samples.count) kept")
    }

    let concurrent = try await makeRecorder()
    let tasks = 8
    let perTask = 500
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<tasks {
        group.addTask {
          for index in 0..<perTask {
            concurrent.record(
              .counter(
                "conformance_concurrent",
                dimensions: [.init("task", String(task)), .init("index", String(index))]))
          }
        }
      }
    }
    if let readingBack {
      let kept = readingBack(concurrent)
      try require(
        kept.count == tasks * perTask, name, "keeps every metric recorded concurrently",
        "\(kept.count) of \(tasks * perTask)")
      for task in 0..<tasks {
        let indices = kept.filter { $0.dimension("task") == String(task) }
          .compactMap { $0.dimension("index").flatMap(Int.init) }
        try require(
          indices == Array(0..<perTask), name,
          "keeps the metrics of one task in the order it recorded them", "task \(task)")
      }
    }

    let fresh = try await makeRecorder()
    if let readingBack {
      try require(readingBack(fresh).isEmpty, name, "a new recorder has kept nothing")
    }
  }

  /// One metric of each kind the SDK records, each name it uses, an unknown kind, the
  /// limits of `Int64`, and dimensions that are empty, repeated or unusual.
  private static func sampleMetrics() -> [LoyaltyMetric] {
    var metrics = LoyaltyMetric.Name.all.map { name in
      LoyaltyMetric.counter(
        name,
        dimensions: [
          .init(LoyaltyMetric.DimensionKey.endpoint, "campaigns"),
          .init(LoyaltyMetric.DimensionKey.outcome, LoyaltyMetric.Outcome.success),
        ])
    }
    metrics += [
      .counter("conformance_counter"),
      .counter("conformance_counter", by: 0),
      .counter("conformance_counter", by: .max),
      .timer("conformance_timer", nanoseconds: 0),
      .timer("conformance_timer", nanoseconds: 1),
      .timer("conformance_timer", nanoseconds: .max),
      .timer("conformance_timer", duration: .seconds(-1)),
      .gauge("conformance_gauge", level: .min),
      .gauge("conformance_gauge", level: -1),
      .gauge("conformance_gauge", level: .max),
      LoyaltyMetric(name: "conformance_histogram", kind: .init(rawValue: "histogram"), value: 7),
      LoyaltyMetric(name: "", kind: .init(rawValue: ""), value: 0),
      .counter(
        "conformance_dimensions",
        dimensions: [
          .init("", ""), .init("key", "a"), .init("key", "b"), .init("ключ", "καφέ ☕"),
          .init("quote\"and\\slash", "new\nline"),
        ]),
      .counter(
        "conformance_many_dimensions",
        dimensions: (0..<64).map { .init("k\($0)", String(repeating: "v", count: $0)) }),
    ]
    return metrics
  }
}
