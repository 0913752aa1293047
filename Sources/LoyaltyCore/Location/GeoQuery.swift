/// What every ``PointOfInterestStore`` shares: argument checks, the exact distance
/// filter and the ordering, so an index only has to find candidates.
package enum GeoQuery {
  /// Throws unless `point` is a valid position.
  package static func check(_ point: GeoPoint) throws {
    guard point.isValid else {
      throw LoyaltyError(
        .invalidLocation, "The query point's latitude or longitude is not finite or in range.")
    }
  }

  /// Throws unless `metres` is finite and not negative.
  package static func check(distance metres: Double, _ name: String) throws {
    guard metres.isFinite, metres >= 0 else {
      throw LoyaltyError(
        .invalidArgument, "The \(name) must be a finite number of metres, zero or more.",
        metadata: [name: String(metres)])
    }
  }

  /// Throws unless every point is valid.
  package static func check(_ points: [PointOfInterest]) throws {
    if let invalid = points.first(where: { !$0.isValid }) {
      throw LoyaltyError(
        .invalidPointOfInterest,
        "A point of interest has coordinates or a radius out of range; none were stored.",
        metadata: ["poi": String(invalid.id)])
    }
  }

  /// `candidates` ordered by distance from `point`, then id, keeping those `keep`
  /// accepts (it receives each candidate's distance).
  ///
  /// These queries are inlined into the stores' queries, which are compiled for speed: a
  /// specialisation of a generic function is compiled as its module is, for size, and
  /// the scan of every point was 1.7x slower so.
  @inline(__always)
  package static func ordered(
    _ candidates: some Sequence<PointOfInterest>, from point: GeoPoint,
    keep: (PointOfInterest, Double) -> Bool
  ) -> [PointOfInterest] {
    var located: [(point: PointOfInterest, distance: Double)] = []
    for candidate in candidates {
      let distance = GeoDistance.metres(from: point, to: candidate.center)
      if keep(candidate, distance) { located.append((candidate, distance)) }
    }
    located.sort { ($0.distance, $0.point.id) < ($1.distance, $1.point.id) }
    return located.map(\.point)
  }

  /// The fences among `candidates` that, widened by `margin`, contain `point`.
  @inline(__always)
  package static func containing(
    _ point: GeoPoint, margin: Double, among candidates: some Sequence<PointOfInterest>
  ) -> [PointOfInterest] {
    ordered(candidates, from: point) { $1 <= $0.radius + margin }
  }

  /// The candidates whose centres lie within `radius` of `point`.
  @inline(__always)
  package static func within(
    _ radius: Double, of point: GeoPoint, among candidates: some Sequence<PointOfInterest>
  ) -> [PointOfInterest] {
    ordered(candidates, from: point) { $1 <= radius }
  }

  /// The `limit` candidates nearest `point`.
  @inline(__always)
  package static func nearest(
    _ point: GeoPoint, limit: Int, among candidates: some Sequence<PointOfInterest>
  ) -> [PointOfInterest] {
    Array(ordered(candidates, from: point) { _, _ in true }.prefix(max(0, limit)))
  }
}
