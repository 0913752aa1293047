import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What the envelope reader notices in an answer that is not laid out as ours, in words:
/// for tools that show answers to a person, such as the emulator's request log.
///
/// The reader still reads every such answer (`Docs/API.md`, "Objects in answers", "Lists
/// in answers"); these are the same observations it reports as drift, not failures.
///
/// For an answer with its members at the top level and its list answered as the payload
/// itself, the lines are `members at the top level, no context (a flat envelope)` and
/// `list couponsets: bare, under result`.
public enum AnswerDrift {
  /// The observations for an answer, empty when it is laid out as ours.
  /// - Parameters:
  ///   - httpStatus: The answer's HTTP status.
  ///   - body: The answer's body, already decompressed.
  ///   - listKey: The member the call's list goes under in our answers, for a call that
  ///     answers a list.
  public static func lines(httpStatus: Int, body: Data, listKey: String? = nil) -> [String] {
    let reader: EnvelopeReader
    do {
      reader = try EnvelopeReader(body: body, httpStatus: httpStatus)
    } catch {
      return [(error as? LoyaltyError)?.message ?? "The answer cannot be read."]
    }
    var lines: [String] = []
    if reader.contextIsUnreadable {
      lines.append("context is neither an object nor null: read as if absent")
    }
    let fields = reader.fields()
    if reader.status == nil {
      lines.append("no status member")
    }
    let members = fields.keys.filter {
      $0 != EnvelopeReader.statusName && !EnvelopeReader.messageNames.contains($0)
    }
    if reader.context == nil, !members.isEmpty {
      lines.append("members at the top level, no context (a flat envelope)")
    }
    if let listKey, reader.status == 1 {
      lines += listLines(listKey, in: fields)
    }
    return lines
  }

  /// Where the list named `key` is, when it is not under its own key.
  private static func listLines(_ key: String, in fields: [String: JSONValue]) -> [String] {
    var found: [String] = []
    for name in fields.keys.stablySorted() {
      guard let value = fields[name] else { continue }
      if name == key, case .array = value { return [] }
      guard case .object = value, let list = AnswerList.elements(of: key, in: value) else {
        if case .array = value { found.append("list \(key): bare, under \(name)") }
        continue
      }
      guard list.form.isDrift else { return [] }
      found.append("list \(key): \(list.form.rawValue), under \(name)")
    }
    return found.isEmpty ? ["list \(key): not found in the answer"] : [found[0]]
  }
}
