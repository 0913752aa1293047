import LoyaltyCore
import LoyaltyNetwork

/// The members of an answer read from its tape, each by a ``JSONTapeDecoder`` positioned
/// on the member's value: what the market decodes with.
struct TapeAnswerMembers: AnswerMembers {
  let document: JSONTapeDecoder.Document

  /// The coding path of the member `name` at `member`: under `context` when it is there.
  private func path(_ member: EnvelopeReader.Member, _ name: String) -> [any CodingKey] {
    member.isInContext ? [AnyKey(EnvelopeReader.contextName), AnyKey(name)] : [AnyKey(name)]
  }

  /// The scalar at `member` read by `read`, `nil` when `null`; what cannot be read throws
  /// the mismatch of `type` that the container read throws.
  private func scalar<Value>(
    _ type: Value.Type, _ member: EnvelopeReader.Member, _ name: String, _ description: String,
    _ read: (JSONValue) throws(JSONLenient.Failure) -> Value?
  ) throws -> Value? {
    let kind = document.kind(member.position)
    if kind == .null { return nil }
    if kind != .array, kind != .object {
      do { return try read(document.value(member.position)) } catch {}
    }
    throw DecodingError.typeMismatch(
      Value.self, .init(codingPath: path(member, name), debugDescription: description))
  }

  func int(_ member: EnvelopeReader.Member, _ name: String) throws -> Int? {
    try scalar(Int.self, member, name, "not an integer", JSONLenient.int)
  }

  func string(_ member: EnvelopeReader.Member, _ name: String) throws -> String? {
    try scalar(String.self, member, name, "not a string", JSONLenient.string)
  }

  func decode<T: Decodable>(_ type: T.Type, _ member: EnvelopeReader.Member, _ name: String)
    throws -> T?
  {
    guard document.kind(member.position) != .null else { return nil }
    let path = path(member, name)
    return try JSONTapeDecoder(document, member.position, codingPath: path)
      .decodePrimitive(T.self, member.position, path)
  }
}
