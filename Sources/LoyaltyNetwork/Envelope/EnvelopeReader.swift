package import LoyaltyCore

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// The envelope rule of `Docs/API.md`, over a parsed answer's tokens: where each member
/// of an answer is.
///
/// The backend wraps answers as `{"status": "1", "context": {...}}`. A member
/// (`MAPP_CAMPAIGNING`, `MAPP_COUPON-status`, `result`, `msg`, `access_token`, ...) is
/// read from `context` when it is there, else from the top level: the context wins on a
/// clash. The envelope's own `status` is the top level's, else the context's. A
/// `context` that is `null` or not an object holds nothing; one that is not an object
/// either is ``contextIsUnreadable``.
///
/// The reader finds `context` and both `status` members once, when it is made, and a
/// member's position when asked; it builds no value. ``ResponseEnvelope`` is built from
/// it, the network client's status check reads through it, and the market's one-pass
/// decoding reads each member where the reader found it.
package struct EnvelopeReader: Sendable {
  /// Where a member is: its value's position on the tape, and whether it is inside
  /// `context`.
  package struct Member: Sendable, Hashable {
    /// The position of the member's value on the tape.
    package let position: Int
    /// Whether the member came from `context` (rather than the top level).
    package let isInContext: Bool
  }

  /// The name of the member that wraps the others.
  package static let contextName = "context"
  /// The name of the envelope's status member.
  package static let statusName = "status"
  /// The members a server's message may be in, in the order they are tried.
  package static let messageNames = ["msg", "message", "error_description", "error"]

  /// The answer's tokens.
  package let tape: JSONTape
  /// The position of the `context` object, when the answer has one.
  package let context: Int?
  /// Whether the answer has a `context` that is neither an object nor `null`: a drifted
  /// answer, read as if it had none.
  package let contextIsUnreadable: Bool
  /// The top level's `status`, when present.
  private let topStatus: Int?
  /// The context's `status`, when present.
  private let contextStatus: Int?

  /// A reader of `tape`, or `nil` when its root is not an object.
  package init?(_ tape: JSONTape) {
    guard tape.count > 0, tape.kind(0) == .object else { return nil }
    self.tape = tape
    let found = tape.member(0, Self.contextName)
    if let found, tape.kind(found) == .object {
      context = found
      contextIsUnreadable = false
      contextStatus = tape.member(found, Self.statusName)
    } else {
      context = nil
      contextIsUnreadable = found.map { tape.kind($0) != .null } ?? false
      contextStatus = nil
    }
    topStatus = tape.member(0, Self.statusName)
  }

  /// A reader of the response body `body`.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/emptyResponse`` when it is empty,
  ///   ``LoyaltyCore/LoyaltyError/Code/invalidResponse`` when it is not JSON or not a JSON
  ///   object.
  package init(body: Data, httpStatus: Int) throws {
    guard !body.isEmpty else {
      throw LoyaltyError(.emptyResponse, "The response body is empty (HTTP \(httpStatus)).")
    }
    guard let reader = Self(try JSONTape(parsing: body)) else {
      throw LoyaltyError(
        .invalidResponse, "The response body is JSON but not an object (HTTP \(httpStatus)).")
    }
    self = reader
  }

  /// Where the member `name` is: in `context` when it is there, else at the top level;
  /// `nil` when it is in neither. The top level's `context` is never a member.
  package func member(_ name: String) -> Member? {
    if let context, let position = tape.member(context, name) {
      return Member(position: position, isInContext: true)
    }
    guard name != Self.contextName, let position = tape.member(0, name) else { return nil }
    return Member(position: position, isInContext: false)
  }

  /// Where an answer's payload is (`Docs/API.md`, "Objects in answers"): the member
  /// ``payloadName(_:has:members:)`` chooses, with its position; `nil` when the answer
  /// has none.
  package func payload(_ name: String) -> (name: String, member: Member)? {
    if let found = member(name) { return (name, found) }
    let chosen = Self.payloadName(name, has: { member($0) != nil }) {
      var names: [String] = []
      for object in [context, 0] {
        guard let object else { continue }
        forEachMember(of: object) { key, _ in names.append(tape.string(key)) }
      }
      return names
    }
    return chosen.flatMap { chosen in member(chosen).map { (chosen, $0) } }
  }

  /// The placement rule of a payload, the one place it is written: `name` (a `MAPP_*`
  /// domain or `result`) when the answer `has` it; else the other placement a backend
  /// built from the seed uses: `result` for a domain, or for `result` the first `MAPP_*`
  /// member of `members` (the answer's member names, in order, asked for only then)
  /// that is not a `-status` (chosen here). A domain is never read from another domain's
  /// member: that is another call's answer. `nil` when none is there.
  package static func payloadName(
    _ name: String, has: (String) -> Bool, members: () -> [String]
  ) -> String? {
    if has(name) { return name }
    if name != resultName { return has(resultName) ? resultName : nil }
    return members().first { $0.hasPrefix("MAPP_") && !$0.hasSuffix("-status") }
  }

  /// The member that holds the payload of answers without a `MAPP_*` domain.
  package static let resultName = "result"

  /// The envelope's status, as `read` gives it: the top level's `status` when `read`
  /// gives a value for it, else the context's.
  package func status<Value>(_ read: (Member) throws -> Value?) rethrows -> Value? {
    if let topStatus, let value = try read(Member(position: topStatus, isInContext: false)) {
      return value
    }
    guard let contextStatus else { return nil }
    return try read(Member(position: contextStatus, isInContext: true))
  }

  /// The envelope's status, a number or a string holding one
  /// (``LoyaltyCore/JSONValue/looseInt``): 1 is success.
  package var status: Int? { status { tape.value($0.position).looseInt } }

  /// The server's message (``ResponseEnvelope/message``).
  package var message: String? {
    ResponseEnvelope.message { name in member(name).flatMap { tape.value($0.position).looseString }
    }
  }

  /// The members flattened into one object: the context's, then the top level's that
  /// the context does not have (`context` itself left out). The first of duplicate keys
  /// wins, as in ``LoyaltyCore/JSONValue``.
  package func fields() -> [String: JSONValue] {
    let topCount = tape.elementCount(0)
    var fields = [String: JSONValue](
      minimumCapacity: topCount + (context.map(tape.elementCount) ?? 0))
    // A key is hashed once when it is new: a later duplicate puts the first value back.
    if let context {
      forEachMember(of: context) { key, value in
        let name = tape.string(key)
        if let first = fields.updateValue(tape.value(value), forKey: name) { fields[name] = first }
      }
    }
    forEachMember(of: 0) { key, value in
      let name = tape.string(key)
      guard name != Self.contextName else { return }
      if let first = fields.updateValue(tape.value(value), forKey: name) { fields[name] = first }
    }
    return fields
  }

  /// Calls `body` with the positions of each member's key and value of the object at
  /// `object`, in the text's order.
  private func forEachMember(of object: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
    var position = object + 1
    let last = tape.end(object)
    while position < last {
      body(position, position + 1)
      position = tape.end(position + 1)
    }
  }
}
