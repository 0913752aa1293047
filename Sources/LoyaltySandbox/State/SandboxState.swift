import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything the backend changes as requests arrive, kept behind one lock.
struct SandboxState: Sendable {
  var users: [String: SandboxUser] = [:]
  var userOrder: [String] = []
  var emailIndex: [String: String] = [:]
  var guidIndex: [String: String] = [:]
  var tokens = TokenBook()
  var analytics = AnalyticsLog()
  var devices: [String: JSONValue] = [:]
  var tickets: Set<String> = []
  var otpRequests: [String] = []
  var passwordResets: [String] = []
  var faults = FaultBook()
  var counters = SandboxCounters()
  var pointsOfInterest = SandboxPOIBook()
  var flows = SandboxFlowBook()
  var directory = SandboxDirectoryBook()
  var idempotency = SandboxIdempotencyBook()
  private var sequence = 0

  init(users: [SandboxUser]) {
    for user in users {
      add(user)
    }
  }

  /// A new identifier, unique in this backend: `card_00000001`.
  mutating func nextIdentifier(_ prefix: String) -> String {
    sequence += 1
    let digits = String(sequence)
    return prefix + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
  }

  mutating func add(_ user: SandboxUser) {
    if users[user.id] == nil {
      userOrder.append(user.id)
    }
    users[user.id] = user
    emailIndex[user.email.lowercased()] = user.id
    if let guid = user.guid {
      guidIndex[guid] = user.id
    }
  }

  func user(email: String) -> SandboxUser? {
    emailIndex[email.lowercased()].flatMap { users[$0] }
  }

  func user(guid: String) -> SandboxUser? {
    guidIndex[guid].flatMap { users[$0] }
  }
}
