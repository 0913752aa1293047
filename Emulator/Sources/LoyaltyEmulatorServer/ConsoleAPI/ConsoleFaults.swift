import Foundation
import LoyaltyCore
import LoyaltySandbox

/// The Faults page's document and the faults it sets: the sandbox's scripted faults,
/// latencies and profile, the answer forms and the server's clock offset.
enum ConsoleFaults {
  /// The fault kinds the page offers: ``LoyaltySandbox/SandboxFault``'s cases,
  /// `latency`, a standing delay, and `drip`, an answer sent a few bytes at a time
  /// (``DripRule``).
  static let kinds = [
    "status", "rateLimited", "dropConnection", "transportFailure", "connectionLostAfterAnswer",
    "malformedBody", "truncatedBody", "expireTokens", "delay", "emptySuccess", "otherCallAnswer",
    "latency", "drip",
  ]

  /// Every call a fault may target, as counters name them.
  static let calls = SandboxEndpoint.allCases.filter { $0 != .unrouted }.map(\.rawValue)

  /// `GET /_emulator/api/faults`.
  static func document(_ console: EmulatorConsole) -> JSONValue {
    let backend = console.backend
    let schedule = backend.faultSchedule
    let forms = backend.answerForms
    return [
      "profile": .string(schedule.profile.name),
      "forms": [
        "envelope": .string(forms.envelope.rawValue), "lists": .string(forms.lists.rawValue),
        "objects": .string(forms.objects.rawValue),
      ],
      "clockOffset": .number(console.clock.offset),
      "rules": .array(
        schedule.rules.map {
          [
            "call": .string(name($0.target)), "fault": .string(describe($0.fault)),
            "remaining": .integer($0.remaining),
          ]
        } + console.drips.map(\.json)),
      "latencies": .array(
        schedule.latencies.map {
          ["call": .string(name($0.target)), "seconds": .number($0.seconds)]
        }),
      "calls": .array(calls.map { .string($0) }),
      "kinds": .array(kinds.map { .string($0) }),
    ]
  }

  /// Adds the fault a `POST /_emulator/api/faults` body describes.
  /// - Throws: ``ConsoleError`` naming the field that is missing or wrong.
  static func add(_ body: JSONValue, to console: EmulatorConsole) throws(ConsoleError) {
    let backend = console.backend
    let target = try target(body["call"]?.stringValue ?? "any")
    let kind = body["kind"]?.stringValue ?? ""
    let count = body["count"]?.looseInt ?? 1
    guard (1...1_000_000).contains(count) else {
      throw ConsoleError(400, "count must be between 1 and 1000000.")
    }
    if kind == "latency" {
      backend.addLatency(try seconds(body), on: target)
      return
    }
    if kind == "drip" {
      let call: SandboxEndpoint? =
        if case .endpoint(let endpoint) = target { endpoint } else { nil }
      console.add(drip: try DripRule(body, call: call, count: count))
      return
    }
    backend.failNext(count, with: try fault(kind, body), on: target)
  }

  /// Applies a `PUT /_emulator/api/settings` body: any of `profile`, `envelope`, `lists`,
  /// `objects` and `clockOffset`. Nothing changes when one of them is wrong.
  static func apply(_ body: JSONValue, to backend: SandboxBackend, clock: OffsetClock)
    throws(ConsoleError)
  {
    var forms = backend.answerForms
    var profile: SandboxFaultProfile?
    if let name = body["profile"]?.stringValue {
      guard let chosen = SandboxFaultProfile(name: name) else {
        throw ConsoleError(400, "profile must be none, flaky or slow.")
      }
      profile = chosen
    }
    if let name = body["envelope"]?.stringValue {
      forms.envelope = try choice(SandboxEnvelope(rawValue: name), "envelope", SandboxEnvelope.self)
    }
    if let name = body["lists"]?.stringValue {
      forms.lists = try choice(SandboxListForm(rawValue: name), "lists", SandboxListForm.self)
    }
    if let name = body["objects"]?.stringValue {
      forms.objects = try choice(
        SandboxObjectForm(rawValue: name), "objects", SandboxObjectForm.self)
    }
    var offset: TimeInterval?
    if let value = body["clockOffset"] {
      guard let seconds = value.looseDouble, seconds.isFinite, abs(seconds) <= 10 * 365 * 86_400
      else { throw ConsoleError(400, "clockOffset must be a number of seconds within 10 years.") }
      offset = seconds
    }
    backend.setAnswerForms(forms)
    if let profile { backend.setFaultProfile(profile) }
    if let offset { clock.offset = offset }
  }

  private static func choice<Value: CaseIterable & RawRepresentable>(
    _ value: Value?, _ field: String, _ type: Value.Type
  ) throws(ConsoleError) -> Value where Value.RawValue == String {
    guard let value else {
      let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
      throw ConsoleError(400, "\(field) must be one of \(names).")
    }
    return value
  }

  private static func target(_ call: String) throws(ConsoleError) -> SandboxFaultTarget {
    if call == "any" { return .any }
    guard let endpoint = SandboxEndpoint(rawValue: call), endpoint != .unrouted else {
      throw ConsoleError(400, "call must be any or one of the calls GET faults lists.")
    }
    return .endpoint(endpoint)
  }

  private static func seconds(_ body: JSONValue) throws(ConsoleError) -> TimeInterval {
    guard let seconds = body["seconds"]?.looseDouble, seconds > 0, seconds <= 600 else {
      throw ConsoleError(400, "seconds must be more than 0 and at most 600.")
    }
    return seconds
  }

  private static func fault(_ kind: String, _ body: JSONValue) throws(ConsoleError)
    -> SandboxFault
  {
    switch kind {
    case "status":
      guard let status = body["status"]?.looseInt, (100...599).contains(status) else {
        throw ConsoleError(400, "status must be an HTTP status, 100 to 599.")
      }
      return .status(status)
    case "rateLimited":
      let seconds = body["retryAfter"]?.looseInt ?? 1
      guard (0...86_400).contains(seconds) else {
        throw ConsoleError(400, "retryAfter must be 0 to 86400 seconds.")
      }
      return .rateLimited(retryAfter: seconds)
    case "delay": return .delay(try seconds(body))
    case "dropConnection": return .dropConnection
    case "transportFailure": return .transportFailure
    case "connectionLostAfterAnswer": return .connectionLostAfterAnswer
    case "malformedBody": return .malformedBody
    case "truncatedBody": return .truncatedBody
    case "expireTokens": return .expireTokens
    case "emptySuccess": return .emptySuccess
    case "otherCallAnswer": return .otherCallAnswer
    default:
      throw ConsoleError(400, "kind must be one of \(kinds.joined(separator: ", ")).")
    }
  }

  /// A target's name: `any`, the call, or the path prefix.
  static func name(_ target: SandboxFaultTarget) -> String {
    switch target {
    case .any: "any"
    case .endpoint(let endpoint): endpoint.rawValue
    case .pathPrefix(let prefix): prefix + "*"
    }
  }

  /// A fault in words: `status 503`, `rateLimited, Retry-After 2 s`.
  static func describe(_ fault: SandboxFault) -> String {
    switch fault {
    case .status(let status): "status \(status)"
    case .rateLimited(let seconds): "rateLimited, Retry-After \(seconds) s"
    case .delay(let seconds): "delay \(seconds) s"
    case .dropConnection: "dropConnection"
    case .transportFailure: "transportFailure"
    case .connectionLostAfterAnswer: "connectionLostAfterAnswer"
    case .malformedBody: "malformedBody"
    case .truncatedBody: "truncatedBody"
    case .expireTokens: "expireTokens"
    case .emptySuccess: "emptySuccess"
    case .otherCallAnswer: "otherCallAnswer"
    }
  }
}
