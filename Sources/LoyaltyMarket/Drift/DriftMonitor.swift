import LoyaltyCore

/// A market's drift: counters a host can read, a warning and an event the first time.
///
/// The first time a call's answer drifts at a field, the monitor logs one warning and
/// posts one ``ResponseDrift``; every occurrence is counted in ``snapshot()``, by call,
/// field and kind (``ResponseDrift/Kind``). Each client's market has its own monitor.
public final class DriftMonitor: Sendable {
  private struct Key: Hashable {
    let call: String
    let field: String
    let kind: ResponseDrift.Kind
  }

  private struct State {
    var counts: [Key: Int] = [:]
    /// The calls and fields already warned about: `call` and `field`, kind aside.
    var warned: Set<[String]> = []
  }

  private let state = Locked(State())
  private let logger: LoyaltyLogger
  private let events: (any EventSink)?

  init(logger: LoyaltyLogger, events: (any EventSink)?) {
    self.logger = logger
    self.events = events
  }

  /// The counters so far.
  public func snapshot() -> DriftReport {
    let counts = state.withLock { $0.counts }
    let entries = counts.map {
      DriftReport.Entry(call: $0.key.call, field: $0.key.field, kind: $0.key.kind, count: $0.value)
    }.stablySorted { ($0.call, $0.field, $0.kind) < ($1.call, $1.field, $1.kind) }
    return DriftReport(entries: entries)
  }

  /// Counts what `collector` saw in `call`'s answer; warns and posts what is new.
  func report(_ collector: DriftCollector, call: String) {
    let recorded = collector.recorded
    guard !recorded.isEmpty else { return }
    let fresh = state.withLock { state in
      var fresh: [Key] = []
      for (entry, count) in recorded.stablySorted(by: {
        ($0.key.field, $0.key.kind) < ($1.key.field, $1.key.kind)
      }) {
        let key = Key(call: call, field: entry.field, kind: entry.kind)
        if state.warned.insert([call, entry.field]).inserted { fresh.append(key) }
        state.counts[key, default: 0] += count
      }
      return fresh
    }
    for key in fresh.stablySorted(by: { ($0.field, $0.kind) < ($1.field, $1.kind) }) {
      logger.warning(
        "\(call) answered with \(key.field) \(Self.describe(key.kind)); "
          + "a default was used. Counted in market.drift.",
        metadata: ["call": call, "field": key.field, "kind": key.kind.rawValue])
      events?.post(ResponseDrift(call: call, field: key.field, kind: key.kind))
    }
  }

  private static func describe(_ kind: ResponseDrift.Kind) -> String {
    switch kind {
    case .missing: "missing"
    case .unreadable: "unreadable"
    case .unexpectedShape: "in an unexpected shape"
    }
  }
}
