import Foundation
import LoyaltyCore
import LoyaltyLocation
import LoyaltySandbox
import LoyaltyTestSupport
import Testing

/// The location's call against a sandbox answering in each envelope and each list form,
/// compared with what it decodes from the sandbox's own answers (`context`, `keyed`):
/// the forms other backends built from the same contract answer in.
@Suite("Location: the points-of-interest sync, in every envelope and list form")
struct LocationShapeMatrixTests {
  /// The sandbox endpoints the matrix runs.
  static let endpoints: Set<SandboxEndpoint> = [.pointsOfInterest]

  /// The point the incremental sync brings.
  static let added = SandboxPointOfInterest(
    id: 900, merchantUUID: "added", name: "Added shop", latitude: 37.98, longitude: 23.73)

  /// What a full sync and then an incremental one (a point added, one removed) decoded, or
  /// how they failed; the backend, to read its counters.
  static func outcomes(_ envelope: SandboxEnvelope, _ form: SandboxListForm) async throws -> (
    full: Result<DecodedAnswer, any Error>, incremental: Result<DecodedAnswer, any Error>,
    backend: SandboxBackend
  ) {
    let backend = SandboxBackend(
      configuration: SandboxConfiguration(
        matching: SyncTests.configuration, envelope: envelope, listForm: form),
      fixtures: SandboxFixtures(seed: 7, merchants: 40))
    #expect(backend.configuration.listForm == form)
    let served = backend.pointsOfInterest.map(\.id)
    let syncing = try await SyncTests.Syncing(backend)
    let full: Result<DecodedAnswer, any Error>
    do {
      let report = try await syncing.center.syncPointsOfInterest()
      full = .success(
        DecodedAnswer(
          elements: try await stored(served, in: syncing.pois),
          siblings: [report.full, report.version, report.removed]))
    } catch {
      full = .failure(error)
    }
    backend.upsertPointOfInterest(added)
    backend.removePointOfInterest(id: served.last ?? 0)
    let incremental: Result<DecodedAnswer, any Error>
    do {
      let report = try await syncing.center.syncPointsOfInterest()
      incremental = .success(
        DecodedAnswer(
          elements: try await stored([added.id], in: syncing.pois),
          siblings: [report.full, report.version, report.removed]))
    } catch {
      incremental = .failure(error)
    }
    await syncing.client.shutdown()
    return (full, incremental, backend)
  }

  /// The points of `ids` that `store` holds, in that order.
  static func stored(_ ids: [Int64], in store: InMemoryPointOfInterestStore) async throws
    -> [PointOfInterest]
  {
    var points: [PointOfInterest] = []
    for id in ids {
      if let point = try await store.pointOfInterest(id: id) { points.append(point) }
    }
    return points
  }

  @Test(
    "a full and an incremental sync store from every form what they store from keyed ones",
    arguments: SandboxEnvelope.allCases, SandboxListForm.allCases)
  func matrix(envelope: SandboxEnvelope, form: SandboxListForm) async throws {
    let reference = try await Self.outcomes(.context, .keyed)
    let variant = try await Self.outcomes(envelope, form)
    let calls = [
      ("full sync", reference.full, variant.full),
      ("incremental sync", reference.incremental, variant.incremental),
    ]
    for (name, expected, decoded) in calls {
      guard case .success(let expected) = expected else {
        Issue.record("the \(name) fails on the keyed answers: \(expected)")
        continue
      }
      switch decoded {
      case .success(let decoded):
        if let problem = decoded.mismatch(
          with: expected, use: .whole, firstOnly: form == .single, keepsSiblings: form != .bare)
        {
          Issue.record("\(name), \(envelope), \(form): \(problem)")
        }
      case .failure(let error):
        Issue.record("\(name), \(envelope), \(form) fails: \(error)")
      }
    }
    for endpoint in Self.endpoints {
      #expect(variant.backend.counters.requests(to: endpoint) > 0, "\(endpoint)")
    }
  }
}
