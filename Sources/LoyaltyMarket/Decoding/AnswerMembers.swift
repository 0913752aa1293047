import LoyaltyNetwork

/// Reads the members of an answer where ``LoyaltyNetwork/EnvelopeReader`` found them:
/// what ``DomainResponse`` reads its status, message and payload through.
///
/// Each read gives what the `KeyedDecodingContainer` read of the same name gives for the
/// member in the object that holds it (`context` or the top level), with the same
/// `DecodingError`s and coding paths: over the tape (``TapeAnswerMembers``) for the
/// market's decoding, over `JSONDecoder`'s containers (``ContainerAnswerMembers``) for
/// the engine kept for comparison.
protocol AnswerMembers {
  /// The member `name` at `member`, read as `lenientInt` reads it.
  func int(_ member: EnvelopeReader.Member, _ name: String) throws -> Int?

  /// The member `name` at `member`, read as `lenientString` reads it.
  func string(_ member: EnvelopeReader.Member, _ name: String) throws -> String?

  /// The member `name` at `member`, decoded; `nil` when it is `null`.
  func decode<T: Decodable>(_ type: T.Type, _ member: EnvelopeReader.Member, _ name: String)
    throws -> T?
}
