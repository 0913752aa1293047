#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The user's profile.
public struct Profile: Sendable, Hashable, Decodable {
  /// The user's id.
  public let id: String
  /// The email address.
  public let email: String
  /// The first name.
  public let firstName: String
  /// The last name.
  public let lastName: String
  /// The name to show.
  public let displayName: String
  /// The phone number.
  public let msisdn: String
  /// The birthday.
  public let birthday: Date?
  /// `female`, `male`, `other`.
  public let gender: String
  /// The preferred language.
  public let language: String
  /// The points balance.
  public let points: Int
  /// `bronze`, `silver`, `gold`.
  public let tier: String
  /// Since when the user is a member.
  public let memberSince: Date?
  /// Whether the email is verified.
  public let isVerified: Bool
  /// Whether the user accepts marketing.
  public let isSubscribed: Bool

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("uuid")
    email = try c.string("email")
    firstName = try c.string("firstname")
    lastName = try c.string("lastname")
    displayName = try c.string("display_name")
    msisdn = try c.string("msisdn")
    birthday = try c.date("birthday")
    gender = try c.string("gender")
    language = try c.string("language")
    points = try c.int("points")
    tier = try c.string("tier")
    memberSince = try c.date("member_since")
    isVerified = try c.bool("verified")
    isSubscribed = try c.bool("subscribed")
  }
}

/// A payment card on file; only its last four digits are known.
public struct Card: Sendable, Hashable, Decodable, Identifiable {
  /// The card's token, used to delete it.
  public let token: String
  /// The masked number: `**** **** **** 1111`.
  public let maskedNumber: String
  /// The last four digits.
  public let last4: String
  /// The issuer.
  public let issuer: String
  /// The cardholder.
  public let cardholder: String
  /// The expiration month, `MM`.
  public let expirationMonth: String
  /// The expiration year, `YYYY`.
  public let expirationYear: String
  /// When it was added.
  public let created: Date?

  /// The card's id: its token.
  public var id: String { token }

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    token = try c.string("token")
    maskedNumber = try c.string("card_number")
    last4 = try c.string("last4")
    issuer = try c.string("card_issuer")
    cardholder = try c.string("cardholder")
    expirationMonth = try c.string("expiration_month")
    expirationYear = try c.string("expiration_year")
    created = try c.date("created")
  }
}

/// A purchase or a redemption.
public struct Transaction: Sendable, Hashable, Decodable, Identifiable {
  /// A product bought, with `full` detail.
  public struct Product: Sendable, Hashable, Decodable {
    /// The name.
    public let name: String
    /// How many.
    public let quantity: Int
    /// The price, in euros.
    public let price: Double

    /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
    public init(from decoder: any Decoder) throws {
      let c = try FieldReader(decoder)
      name = try c.string("name")
      quantity = try c.int("quantity")
      price = try c.double("price")
    }
  }

  /// The transaction's id.
  public let id: String
  /// When it happened.
  public let date: Date?
  /// `purchase` or `redemption`.
  public let type: String
  /// The merchant.
  public let merchantUUID: String
  /// The merchant's name.
  public let merchantName: String
  /// The amount, in euros.
  public let amount: Double
  /// The points earned (positive) or spent (negative).
  public let points: Int
  /// The products, with `full` detail.
  public let products: [Product]

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("transaction_uuid")
    date = try c.date("transaction_date")
    type = try c.string("type")
    merchantUUID = try c.string("merchant_uuid")
    merchantName = try c.string("merchant_name")
    amount = try c.double("amount")
    points = try c.int("points")
    products = try c.optionalList(Product.self, "products")
  }
}

/// A change to the user's points.
public struct PointsHistoryEntry: Sendable, Hashable, Decodable, Identifiable {
  /// The entry's id.
  public let id: String
  /// When it happened.
  public let date: Date?
  /// Points earned (positive) or spent (negative).
  public let points: Int
  /// `earn`, `bonus`, `redeem`, `expire`.
  public let type: String
  /// What it was for.
  public let description: String
  /// The balance after it.
  public let balance: Int

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("entry_uuid")
    date = try c.date("entry_date")
    points = try c.int("points")
    type = try c.string("type")
    description = try c.string("description")
    balance = try c.int("balance")
  }
}

/// The user's points history, newest first, and balance.
///
/// Without its list of entries the answer means nothing (decoding throws); without its
/// balance, the newest entry's balance is used and the drift reported.
public struct PointsHistory: Sendable, Hashable, Decodable {
  /// The entries, newest first.
  public let entries: [PointsHistoryEntry]
  /// The current balance.
  public let balance: Int

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    entries = try PayloadList.decode(
      PointsHistoryEntry.self, "points_history", aliases: ["pointsHistory"], required: true,
      from: decoder
    ).sorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
    // A backend that answers the list itself gives no balance: the newest entry's is used.
    if let balance = try (try? FieldReader(decoder))?.optionalInt("balance") {
      self.balance = balance
    } else {
      decoder.driftCollector?.record(decoder.codingPath.driftPath(appending: "balance"), .missing)
      balance = entries.first?.balance ?? 0
    }
  }
}

/// The user's market (supermarket) pass.
public struct MarketPassDetails: Sendable, Hashable, Decodable {
  /// The pass's id.
  public let id: String
  /// The barcode, 13 digits.
  public let barcode: String
  /// `EAN13`.
  public let barcodeType: String
  /// `active`.
  public let status: String
  /// Euros saved with supermarket coupons.
  public let totalDiscount: Double
  /// Active supermarket coupons.
  public let availableCoupons: Int
  /// Until when it is valid.
  public let validUntil: Date?
  /// The supermarkets that accept it.
  public let supermarkets: [String]
  /// The supermarkets' map.
  public let mapURL: URL?

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("pass_uuid")
    barcode = try c.string("barcode")
    barcodeType = try c.string("barcode_type")
    status = try c.string("status")
    totalDiscount = try c.double("total_discount")
    availableCoupons = try c.int("available_coupons")
    validUntil = try c.date("valid_until")
    supermarkets = try c.strings("supermarkets")
    mapURL = try c.url("map_url")
  }
}

/// The answer of calls that only say whether they worked.
public struct GenericResponse: Sendable, Hashable {
  /// The server's status: 1 is success.
  public let status: Int
  /// The server's message.
  public let message: String?

  /// Creates a response.
  public init(status: Int, message: String?) {
    self.status = status
    self.message = message
  }
}

/// The answer to an OTP request.
public struct OTPRequest: Sendable, Hashable {
  /// The OTP's id, to verify it with.
  public let id: String
  /// How long the OTP is valid, in seconds.
  public let expiresIn: Int
}

/// A questionnaire answer the host collects and shows.
public struct QuestionnaireAnswer: Sendable, Hashable, Codable {
  /// The question's id.
  public let questionID: String
  /// The answer.
  public let answer: String

  /// Creates an answer.
  public init(questionID: String, answer: String) {
    self.questionID = questionID
    self.answer = answer
  }
}
