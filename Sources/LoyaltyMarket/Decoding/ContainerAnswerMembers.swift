import LoyaltyNetwork

/// The members of an answer read from `JSONDecoder`'s containers: the top level's, and
/// the context's when the answer has one. What the engine kept for comparison reads.
struct ContainerAnswerMembers: AnswerMembers {
  let top: KeyedDecodingContainer<AnyKey>
  let context: KeyedDecodingContainer<AnyKey>?

  /// The container holding `member`.
  private func holder(_ member: EnvelopeReader.Member) -> KeyedDecodingContainer<AnyKey>? {
    member.isInContext ? context : top
  }

  func int(_ member: EnvelopeReader.Member, _ name: String) throws -> Int? {
    try holder(member)?.lenientInt(AnyKey(name))
  }

  func string(_ member: EnvelopeReader.Member, _ name: String) throws -> String? {
    try holder(member)?.lenientString(AnyKey(name))
  }

  func decode<T: Decodable>(_ type: T.Type, _ member: EnvelopeReader.Member, _ name: String)
    throws -> T?
  {
    let key = AnyKey(name)
    guard let holder = holder(member), try !holder.decodeNil(forKey: key) else { return nil }
    return try holder.decode(T.self, forKey: key)
  }
}
