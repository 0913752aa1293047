import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The geofence rules, as a pure function of a fix, the fences near it and the state:
/// no clock, no I/O, no suspension. ``GeofenceConfiguration`` describes the rules.
struct GeofenceEngine: Sendable {
  let configuration: GeofenceConfiguration

  /// The margin the store is asked to widen fences by, so that every fence the fix can
  /// enter or still be in is among the candidates.
  func candidateMargin(for update: LocationUpdate) -> Double {
    configuration.exitHysteresis + update.horizontalAccuracy / 2
  }

  /// Applies `update` to `state`. `nearby` must hold every fence whose radius widened by
  /// ``candidateMargin(for:)`` contains the fix; a visit to a fence not among them (far
  /// away, or removed by a sync) ends.
  /// - Returns: The transitions: exits, then entries, then dwells, each by id.
  func evaluate(
    _ update: LocationUpdate, nearby: [PointOfInterest], state: inout GeofenceState
  ) -> [GeofenceTransition] {
    let point = update.point
    let halfAccuracy = update.horizontalAccuracy / 2
    var exits: [GeofenceTransition] = []
    var entries: [GeofenceTransition] = []
    var dwells: [GeofenceTransition] = []
    let byID = Dictionary(nearby.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    for (id, visit) in state.visits.stablySorted(by: { $0.key < $1.key }) {
      let current = byID[id] ?? visit.pointOfInterest
      let distance = GeoDistance.metres(from: point, to: current.center)
      if byID[id] == nil || distance - halfAccuracy > current.radius + configuration.exitHysteresis
      {
        state.visits[id] = nil
        exits.append(
          GeofenceTransition(
            kind: .exit, pointOfInterest: current, timestamp: update.timestamp, distance: distance))
        continue
      }
      state.visits[id]?.pointOfInterest = current
      if !visit.dwellReported,
        update.timestamp.timeIntervalSince(visit.enteredAt) >= configuration.dwellTime
      {
        state.visits[id]?.dwellReported = true
        dwells.append(
          GeofenceTransition(
            kind: .dwell, pointOfInterest: current, timestamp: update.timestamp,
            distance: distance))
      }
    }

    for candidate in nearby.stablySorted(by: { $0.id < $1.id })
    where state.visits[candidate.id] == nil {
      guard !exits.contains(where: { $0.pointOfInterest.id == candidate.id }) else { continue }
      let distance = GeoDistance.metres(from: point, to: candidate.center)
      guard distance + halfAccuracy <= candidate.radius else { continue }
      state.visits[candidate.id] = GeofenceState.Visit(
        pointOfInterest: candidate, enteredAt: update.timestamp, dwellReported: false)
      entries.append(
        GeofenceTransition(
          kind: .enter, pointOfInterest: candidate, timestamp: update.timestamp,
          distance: distance))
    }
    state.lastTimestamp = update.timestamp
    return exits + entries + dwells
  }
}
