extension SandboxBackend {
  /// The geofencing points of interest `shops.retrieve_pois` serves, by id: one per
  /// fixture merchant until changed.
  public var pointsOfInterest: [SandboxPointOfInterest] {
    state.withLock { state in
      state.pointsOfInterest.seedIfNeeded(catalog)
      return state.pointsOfInterest.all
    }
  }

  /// The version the next answer reports; each change adds one.
  public var pointsOfInterestVersion: Int {
    state.withLock { state in
      state.pointsOfInterest.seedIfNeeded(catalog)
      return state.pointsOfInterest.version
    }
  }

  /// Adds or replaces a point of interest (bad coordinates included, for tests).
  public func upsertPointOfInterest(_ point: SandboxPointOfInterest) {
    state.withLock { state in
      state.pointsOfInterest.seedIfNeeded(catalog)
      state.pointsOfInterest.upsert(point)
    }
  }

  /// Removes a point of interest; the next incremental answer lists its id in `removed`.
  public func removePointOfInterest(id: Int64) {
    state.withLock { state in
      state.pointsOfInterest.seedIfNeeded(catalog)
      state.pointsOfInterest.remove(id: id)
    }
  }
}
