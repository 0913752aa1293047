import LoyaltyNetwork

/// A payload that is an object, in any form ``LoyaltyNetwork/AnswerObject`` accepts: under
/// a member named after it, or as the payload itself. The one reader of every call whose
/// answer is an object (a card, a campaign, a profile, a market pass, a validation, a
/// redemption); a form other than the call's own is reported as `unexpectedShape` at
/// `name`.
enum PayloadObject {
  /// The object `T` in the payload `decoder` holds.
  ///
  /// The call's own form is tried first: for `.keyed`, the member `name`, then the
  /// payload itself when it holds one of `keys` (the fields that say "this is a `T`");
  /// for `.bare`, the payload itself when it holds one of `keys`, then the member `name`.
  /// When neither form is there, a `.keyed` object throws ``FieldReader/Unusable`` (the
  /// call means nothing without it) and a `.bare` one is read from the payload as it is,
  /// each field it lacks reported as missing.
  ///
  /// Not specialised, like ``PayloadList``: each model is decoded by its own
  /// `init(from:)` either way.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  static func decode<T: Decodable>(
    _ type: T.Type, _ name: String, identifiedBy keys: [String], ours: AnswerObject.Form,
    from decoder: any Decoder
  ) throws -> T {
    guard let reader = try? FieldReader(decoder) else {
      // Not an object at all (a list, a word): read as the payload, which reports it.
      return try T(from: decoder)
    }
    let container = reader.container
    let bare = keys.contains { container.contains(AnyKey($0)) }
    let key = AnyKey(name)
    let keyed = (try? container.contains(key) && !container.decodeNil(forKey: key)) ?? false
    let forms: [AnswerObject.Form] = ours == .keyed ? [.keyed, .bare] : [.bare, .keyed]
    for form in forms where form == .keyed ? keyed : bare {
      if form != ours { reader.report(name, .unexpectedShape) }
      switch form {
      case .keyed: return try reader.requiredObject(T.self, name)
      case .bare: return try T(from: decoder)
      }
    }
    guard ours == .bare else {
      throw FieldReader.Unusable(
        field: container.codingPath.driftPath(appending: name), kind: .missing)
    }
    return try T(from: decoder)
  }
}

/// What a model read by ``ObjectPayload`` says about its forms in an answer.
protocol AnswerObjectModel: Decodable, Sendable {
  /// The member a payload may hold it under: `profile`.
  static var memberName: String { get }
  /// The fields that say a payload is the object itself: `uuid`, `email`.
  static var identifyingKeys: [String] { get }
  /// The form the SDK's own contract gives it (`Docs/API.md`).
  static var ownForm: AnswerObject.Form { get }
}

/// The payload of a call whose answer is one object, read by ``PayloadObject``.
struct ObjectPayload<Model: AnswerObjectModel>: Decodable, Sendable {
  let object: Model

  init(from decoder: any Decoder) throws {
    object = try PayloadObject.decode(
      Model.self, Model.memberName, identifiedBy: Model.identifyingKeys, ours: Model.ownForm,
      from: decoder)
  }
}

// The forms of each object answer (`Docs/API.md`, "Objects in answers"; member names
// and identifying fields chosen here, the seed names neither).

extension Card: AnswerObjectModel {
  static var memberName: String { "card" }
  static var identifyingKeys: [String] { ["token", "card_number"] }
  static var ownForm: AnswerObject.Form { .keyed }
}

extension Campaign: AnswerObjectModel {
  static var memberName: String { "campaign" }
  static var identifyingKeys: [String] { ["session_uuid", "_session_uuid"] }
  static var ownForm: AnswerObject.Form { .keyed }
}

extension Profile: AnswerObjectModel {
  static var memberName: String { "profile" }
  static var identifyingKeys: [String] { ["uuid", "email", "msisdn"] }
  static var ownForm: AnswerObject.Form { .bare }
}

extension MarketPassDetails: AnswerObjectModel {
  static var memberName: String { "market_pass" }
  static var identifyingKeys: [String] { ["pass_uuid", "barcode"] }
  static var ownForm: AnswerObject.Form { .bare }
}

extension CouponValidation: AnswerObjectModel {
  static var memberName: String { "validation" }
  static var identifyingKeys: [String] { ["valid"] }
  static var ownForm: AnswerObject.Form { .bare }
}

extension CouponRedemption: AnswerObjectModel {
  static var memberName: String { "redemption" }
  static var identifyingKeys: [String] { ["coupon", "points", "points_balance"] }
  static var ownForm: AnswerObject.Form { .bare }
}
