/// What one points-of-interest sync did.
public struct POISyncReport: Sendable, Hashable {
  /// Why a point in an answer was skipped.
  public enum SkipReason: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// No usable `id`.
    case missingID = "missing_id"
    /// `lat` or `lon` missing, not a number, or out of range.
    case invalidCoordinates = "invalid_coordinates"
    /// `radius` not a number, negative or infinite.
    case invalidRadius = "invalid_radius"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Whether the server sent every point (a first sync, a forgotten version, or a
  /// version the server no longer knows): points it did not list were removed.
  public var full: Bool
  /// The version now stored.
  public var version: String
  /// Pages fetched.
  public var pages: Int
  /// Points inserted or updated.
  public var upserted: Int
  /// Points removed: listed in `removed`, or (full sync) not listed at all.
  public var removed: Int
  /// Points skipped, by reason.
  public var skipped: [SkipReason: Int]
  /// Points without a `radius`, given the seed's 100 m.
  public var defaultedRadius: Int
  /// The answer's fields that came in a form other than ours and were read all the same
  /// (`MAPP_SHOPS` for the points alone, `MAPP_SHOPS.pois` for points under another
  /// name, `MAPP_SHOPS.version` for a complete answer without one), sorted. See
  /// `Docs/API.md`, "Lists in answers".
  public var drift: [String] = []

  /// Creates a report.
  public init(
    full: Bool, version: String, pages: Int = 0, upserted: Int = 0, removed: Int = 0,
    skipped: [SkipReason: Int] = [:], defaultedRadius: Int = 0
  ) {
    self.full = full
    self.version = version
    self.pages = pages
    self.upserted = upserted
    self.removed = removed
    self.skipped = skipped
    self.defaultedRadius = defaultedRadius
  }

  /// How many points were skipped in all.
  public var skippedCount: Int { skipped.values.reduce(0, +) }
}
