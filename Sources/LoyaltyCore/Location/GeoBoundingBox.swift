/// A latitude and longitude range to query points of interest in.
///
/// When `minLongitude` is greater than `maxLongitude` the box crosses the
/// antimeridian: it covers `minLongitude...180` and `-180...maxLongitude`.
public struct GeoBoundingBox: Sendable, Hashable, Codable {
  /// The southern edge, in degrees.
  public var minLatitude: Double
  /// The northern edge, in degrees.
  public var maxLatitude: Double
  /// The western edge, in degrees.
  public var minLongitude: Double
  /// The eastern edge, in degrees.
  public var maxLongitude: Double

  /// Creates a box from its edges.
  public init(minLatitude: Double, maxLatitude: Double, minLongitude: Double, maxLongitude: Double)
  {
    self.minLatitude = minLatitude
    self.maxLatitude = maxLatitude
    self.minLongitude = minLongitude
    self.maxLongitude = maxLongitude
  }

  /// Whether the box crosses the antimeridian (longitude ±180).
  public var crossesAntimeridian: Bool { minLongitude > maxLongitude }

  /// Whether the edges are finite, in range, and the south edge is not north of the
  /// north edge.
  public var isValid: Bool {
    [minLatitude, maxLatitude, minLongitude, maxLongitude].allSatisfy(\.isFinite)
      && (-90...90).contains(minLatitude) && (-90...90).contains(maxLatitude)
      && (-180...180).contains(minLongitude) && (-180...180).contains(maxLongitude)
      && minLatitude <= maxLatitude
  }

  /// Whether `point` lies in the box, edges included. A box whose south edge is north of
  /// its north edge, or whose edges are not numbers, contains nothing.
  public func contains(_ point: PointOfInterest) -> Bool {
    contains(point.center)
  }

  /// Whether `point` lies in the box, edges included.
  public func contains(_ point: GeoPoint) -> Bool {
    // Comparisons rather than ranges: a range with its bounds the wrong way round traps.
    guard point.latitude >= minLatitude, point.latitude <= maxLatitude else { return false }
    if crossesAntimeridian {
      return point.longitude >= minLongitude || point.longitude <= maxLongitude
    }
    return point.longitude >= minLongitude && point.longitude <= maxLongitude
  }

  /// The box as at most two boxes that do not cross the antimeridian.
  public var unwrapped: [GeoBoundingBox] {
    guard crossesAntimeridian else { return [self] }
    return [
      GeoBoundingBox(
        minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: minLongitude,
        maxLongitude: 180),
      GeoBoundingBox(
        minLatitude: minLatitude, maxLatitude: maxLatitude, minLongitude: -180,
        maxLongitude: maxLongitude),
    ]
  }
}

extension GeoBoundingBox {
  /// Decodes a box; all four edges are required.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    minLatitude = try container.decode("minLatitude")
    maxLatitude = try container.decode("maxLatitude")
    minLongitude = try container.decode("minLongitude")
    maxLongitude = try container.decode("maxLongitude")
  }

  /// Encodes the four edges.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    try container.encode(minLatitude, "minLatitude")
    try container.encode(maxLatitude, "maxLatitude")
    try container.encode(minLongitude, "minLongitude")
    try container.encode(maxLongitude, "maxLongitude")
  }
}
