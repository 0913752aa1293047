import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Collects the drift seen while decoding one answer.
///
/// One collector per decode, handed to the models through `Decoder.userInfo`
/// (``DriftCollector/userInfoKey``); nothing is recorded, and nothing allocated, while
/// an answer has the expected shape. The market call that sent the request reports
/// what was collected (``DriftMonitor``).
package final class DriftCollector: Sendable {
  /// A field and how it drifted.
  package struct Entry: Hashable, Sendable {
    package let field: String
    package let kind: ResponseDrift.Kind

    package init(field: String, kind: ResponseDrift.Kind) {
      self.field = field
      self.kind = kind
    }
  }

  /// The `userInfo` key the collector travels under (the initializer is failable only
  /// in its signature).
  package static let userInfoKey = CodingUserInfoKey(rawValue: "loyalty.market.drift")

  private let entries = Locked<[Entry: Int]>([:])

  /// Creates an empty collector.
  package init() {}

  /// Records one occurrence of `kind` at `field`.
  func record(_ field: String, _ kind: ResponseDrift.Kind) {
    entries.withLock { $0[Entry(field: field, kind: kind), default: 0] += 1 }
  }

  /// What was recorded, with how many times.
  package var recorded: [Entry: Int] { entries.withLock { $0 } }
}

extension Decoder {
  /// The decode's drift collector, when it has one.
  var driftCollector: DriftCollector? {
    DriftCollector.userInfoKey.flatMap { userInfo[$0] as? DriftCollector }
  }
}

extension [any CodingKey] {
  /// The path as drift names it: keys joined by `.`, without list indices and `context`.
  func driftPath(appending last: String? = nil) -> String {
    var path = ""
    for key in self where key.intValue == nil && key.stringValue != EnvelopeReader.contextName {
      if !path.isEmpty { path += "." }
      path += key.stringValue
    }
    if let last {
      if !path.isEmpty { path += "." }
      path += last
    }
    return path
  }
}
