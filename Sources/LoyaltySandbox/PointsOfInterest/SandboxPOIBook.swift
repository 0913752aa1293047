/// The backend's points of interest and their history: every change bumps the version,
/// each point remembers the version it last changed at, each removal the version it was
/// removed at, so an answer can hold exactly the changes since a version.
///
/// Seeded on first use from the catalog: one point per merchant, at the merchant's
/// position, 100 m, id = the merchant's index + 1.
struct SandboxPOIBook: Sendable {
  private(set) var version = 0
  private(set) var points: [Int64: (point: SandboxPointOfInterest, version: Int)] = [:]
  private(set) var removals: [Int64: Int] = [:]
  private var seeded = false
  /// Every point by id, with its version, kept until the next change: a sync of 100,000
  /// points asks for 200 pages, and sorting for each would make the sandbox, not the
  /// client, the cost of the sync.
  private var sorted: [(point: SandboxPointOfInterest, version: Int)]?

  mutating func seedIfNeeded(_ catalog: SandboxCatalog) {
    guard !seeded else { return }
    seeded = true
    version = 1
    for (index, merchant) in catalog.merchants.enumerated() {
      let point = SandboxPointOfInterest(
        id: Int64(index + 1), merchantUUID: merchant.parentUUID ?? merchant.uuid,
        name: merchant.name, latitude: merchant.latitude, longitude: merchant.longitude,
        radius: 100, offerTitle: "10% off at \(merchant.name)",
        offerDescription: "Show this notification at the till.")
      points[point.id] = (point, version)
    }
  }

  mutating func upsert(_ point: SandboxPointOfInterest) {
    sorted = nil
    version += 1
    points[point.id] = (point, version)
    removals[point.id] = nil
  }

  mutating func remove(id: Int64) {
    guard points.removeValue(forKey: id) != nil else { return }
    sorted = nil
    version += 1
    removals[id] = version
  }

  /// Every point, by id.
  var all: [SandboxPointOfInterest] {
    points.values.map(\.point).sorted { $0.id < $1.id }
  }

  /// The page at `offset` of the points changed after `since` (every point when `since`
  /// is `nil`), by id; how many there are in all; and the ids removed after `since`.
  mutating func changes(since: Int?, offset: Int, limit: Int) -> (
    page: [SandboxPointOfInterest], total: Int, removed: [Int64]
  ) {
    let ordered: [(point: SandboxPointOfInterest, version: Int)]
    if let sorted {
      ordered = sorted
    } else {
      ordered = points.values.sorted { $0.point.id < $1.point.id }
      sorted = ordered
    }
    guard let since else {
      return (Array(ordered.dropFirst(offset).prefix(limit).map(\.point)), ordered.count, [])
    }
    let changed = ordered.filter { $0.version > since }
    let removed = removals.filter { $0.value > since }.keys.sorted()
    return (Array(changed.dropFirst(offset).prefix(limit).map(\.point)), changed.count, removed)
  }
}
