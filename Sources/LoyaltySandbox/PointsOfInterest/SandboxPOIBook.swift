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
    version += 1
    points[point.id] = (point, version)
    removals[point.id] = nil
  }

  mutating func remove(id: Int64) {
    guard points.removeValue(forKey: id) != nil else { return }
    version += 1
    removals[id] = version
  }

  /// Every point, by id.
  var all: [SandboxPointOfInterest] {
    points.values.map(\.point).sorted { $0.id < $1.id }
  }

  /// The points changed after `since`, by id, and the ids removed after it; every point
  /// when `since` is `nil`.
  func changes(since: Int?) -> (points: [SandboxPointOfInterest], removed: [Int64]) {
    guard let since else { return (all, []) }
    let changed = points.values.filter { $0.version > since }.map(\.point).sorted {
      $0.id < $1.id
    }
    let removed = removals.filter { $0.value > since }.keys.sorted()
    return (changed, removed)
  }
}
