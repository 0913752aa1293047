import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An answer decoded by `JSONDecoder`, its members read where the
/// ``LoyaltyNetwork/EnvelopeReader`` in the decoder's `userInfo` found them: the engine
/// kept so that tests compare it with the tape's.
struct FoundationAnswer<Domain: MarketDomain, Payload: Decodable>: Decodable {
  /// The `userInfo` key the reader travels under (the initializer is failable only in its
  /// signature).
  static var readerKey: CodingUserInfoKey? { CodingUserInfoKey(rawValue: "loyalty.envelope") }

  let answer: DomainResponse<Domain, Payload>

  init(from decoder: any Decoder) throws {
    guard let key = Self.readerKey, let reader = decoder.userInfo[key] as? EnvelopeReader else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The answer's envelope reader is missing."))
    }
    let top = try decoder.container(keyedBy: AnyKey.self)
    let context =
      reader.context == nil
      ? nil
      : try top.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(EnvelopeReader.contextName))
    answer = try DomainResponse(reader, ContainerAnswerMembers(top: top, context: context))
  }
}
