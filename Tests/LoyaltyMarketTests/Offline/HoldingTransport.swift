import Foundation
import LoyaltyCore
import LoyaltyMarket
import LoyaltyNetwork
import LoyaltyTestSupport

/// A transport in front of the sandbox that holds the answers to one declared call after
/// the server has given them, until ``release()``: a read in flight whose answer is slow to
/// arrive, while the test changes the user, the language or the privacy switch.
final class HoldingTransport: HTTPTransport {
  private struct State {
    var inner: (any HTTPTransport)?
    var isArmed: Bool
    var arrivals = 0
    var held = 0
  }

  /// The held call's body wrapper key and action, as its declaration says.
  private let wrapper: String?
  private let action: String
  private let gate = AsyncGate()
  private let state: Locked<State>

  /// Holds every answer to `call`; when not `armed`, only after ``arm()``.
  init(holding call: any MarketCallDescribing, armed: Bool = true) {
    wrapper = call.wrapper
    action = call.action
    state = Locked(State(isArmed: armed))
  }

  /// Holds the answers to come.
  func arm() {
    state.withLock { $0.isArmed = true }
  }

  /// Puts the holder in front of `inner`.
  func wrapping(_ inner: any HTTPTransport) -> HoldingTransport {
    state.withLock { $0.inner = inner }
    return self
  }

  var keepsDeadlines: Bool { true }

  /// The requests of the held call that reached the server.
  var arrivals: Int { state.withLock { $0.arrivals } }

  /// Lets every held answer, and those to come, arrive.
  func release() {
    gate.open()
  }

  /// Waits until `count` answers of the held call are held, for 10 s at most.
  func waitForHeld(_ count: Int = 1) async throws {
    for _ in 0..<1_000 where state.withLock({ $0.held }) < count {
      try await Task.sleep(for: .milliseconds(10))
    }
    if state.withLock({ $0.held }) < count {
      throw LoyaltyError(.timedOut, "No answer of \(action) was held within 10 s.")
    }
  }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let inner = state.withLock({ $0.inner }) else {
      throw LoyaltyError(.notConnected, "The holding transport wraps nothing.")
    }
    guard matches(request), state.withLock({ $0.isArmed }) else {
      return try await inner.send(request)
    }
    state.withLock { $0.arrivals += 1 }
    let response = try await inner.send(request)
    state.withLock { $0.held += 1 }
    await gate.wait()
    return response
  }

  /// Whether `request` is the held call: its wrapper holds its action.
  private func matches(_ request: HTTPRequest) -> Bool {
    guard let body = request.body, case .object(let object)? = try? JSONValue(parsing: body)
    else { return false }
    guard let wrapper else { return false }
    return object[wrapper]?["action"]?.stringValue == action
  }
}

/// The changes a state announced, in order, from the moment it was made.
final class ChangeRecorder: Sendable {
  private let changes = Locked<[MarketState.Change]>([])
  /// Whether the stream ended (the client shut down): nothing more can be announced.
  private let finished = Locked(false)
  private let task: Task<Void, Never>

  init(_ state: MarketState) async {
    let stream = await state.changes()
    let (changes, finished) = (changes, finished)
    task = Task {
      for await change in stream { changes.withLock { $0.append(change) } }
      finished.withLock { $0 = true }
    }
  }

  deinit { task.cancel() }

  /// The position just after a mark that `market` sets now (host-set contextual offers,
  /// which no read announces): every change announced before this call is before it. Once
  /// the stream ended, the end.
  func mark(_ market: Market) async throws -> Int {
    let from = changes.withLock { $0.count }
    await market.setCCMSOffers([])
    for _ in 0..<1_000 {
      if finished.withLock({ $0 }) { return changes.withLock { $0.count } }
      let found = changes.withLock { all in
        all.indices.dropFirst(from).first { all[$0] == .ccms }
      }
      if let found { return found + 1 }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw LoyaltyError(.timedOut, "The state's mark did not arrive within 5 s.")
  }

  /// The changes announced from position `start` until a mark `market` sets now.
  func changes(since start: Int, flushing market: Market) async throws -> [MarketState.Change] {
    let end = try await mark(market)
    return changes.withLock { all in
      // The mark is the last change, unless the stream ended.
      let last = finished.withLock { $0 } ? end : end - 1
      return Array(all[min(start, last)..<last])
    }
  }
}
