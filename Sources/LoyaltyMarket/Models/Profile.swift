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
  /// The points balance; `nil` when the answer did not carry it (never 0 in its place).
  public let pointsIfSent: Int?
  /// `points`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use pointsIfSent, nil when absent."
  )
  public var points: Int { pointsIfSent ?? 0 }
  /// `bronze`, `silver`, `gold`.
  public let tier: String
  /// Since when the user is a member.
  public let memberSince: Date?
  /// Whether the email is verified; `nil` when the answer did not say.
  public let isVerifiedIfSent: Bool?
  /// `isVerified`, with false when the server did not send it.
  @available(
    *, deprecated,
    message: "false when the server did not send it; use isVerifiedIfSent, nil when absent."
  )
  public var isVerified: Bool { isVerifiedIfSent ?? false }
  /// Whether the user accepts marketing; `nil` when the answer did not say.
  public let isSubscribedIfSent: Bool?
  /// `isSubscribed`, with false when the server did not send it.
  @available(
    *, deprecated,
    message: "false when the server did not send it; use isSubscribedIfSent, nil when absent."
  )
  public var isSubscribed: Bool { isSubscribedIfSent ?? false }

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
    pointsIfSent = try c.expectedInt("points")
    tier = try c.string("tier")
    memberSince = try c.date("member_since")
    isVerifiedIfSent = try c.expectedBool("verified")
    isSubscribedIfSent = try c.expectedBool("subscribed")
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
    /// How many; `nil` when the answer did not say.
    public let quantityIfSent: Int?
    /// `quantity`, with 0 when the server did not send it.
    @available(
      *, deprecated,
      message: "0 when the server did not send it; use quantityIfSent, nil when absent."
    )
    public var quantity: Int { quantityIfSent ?? 0 }
    /// The price, in euros; `nil` when the answer did not carry it.
    public let priceIfSent: Double?
    /// `price`, with 0 when the server did not send it.
    @available(
      *, deprecated, message: "0 when the server did not send it; use priceIfSent, nil when absent."
    )
    public var price: Double { priceIfSent ?? 0 }

    /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
    public init(from decoder: any Decoder) throws {
      let c = try FieldReader(decoder)
      name = try c.string("name")
      quantityIfSent = try c.expectedInt("quantity")
      priceIfSent = try c.expectedDouble("price")
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
  /// The amount, in euros; `nil` when the answer did not carry it.
  public let amountIfSent: Double?
  /// `amount`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use amountIfSent, nil when absent."
  )
  public var amount: Double { amountIfSent ?? 0 }
  /// The points earned (positive) or spent (negative); `nil` when the answer did not
  /// carry them.
  public let pointsIfSent: Int?
  /// `points`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use pointsIfSent, nil when absent."
  )
  public var points: Int { pointsIfSent ?? 0 }
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
    amountIfSent = try c.expectedDouble("amount")
    pointsIfSent = try c.expectedInt("points")
    products = try c.optionalList(Product.self, "products")
  }
}

/// A change to the user's points.
public struct PointsHistoryEntry: Sendable, Hashable, Decodable, Identifiable {
  /// The entry's id.
  public let id: String
  /// When it happened.
  public let date: Date?
  /// Points earned (positive) or spent (negative); `nil` when the answer did not carry
  /// them.
  public let pointsIfSent: Int?
  /// `points`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use pointsIfSent, nil when absent."
  )
  public var points: Int { pointsIfSent ?? 0 }
  /// `earn`, `bonus`, `redeem`, `expire`.
  public let type: String
  /// What it was for.
  public let description: String
  /// The balance after it; `nil` when the answer did not carry it (the seed's
  /// `PointsHistoryModel` has none).
  public let balanceIfSent: Int?
  /// `balance`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use balanceIfSent, nil when absent."
  )
  public var balance: Int { balanceIfSent ?? 0 }

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    let c = try FieldReader(decoder)
    id = try c.string("entry_uuid")
    date = try c.date("entry_date")
    pointsIfSent = try c.expectedInt("points")
    type = try c.string("type")
    description = try c.string("description")
    balanceIfSent = try c.expectedInt("balance")
  }
}

/// The user's points history, newest first, and balance.
///
/// Without its list of entries the answer means nothing (decoding throws); without its
/// balance, the newest entry's balance after it is used when that entry carries one, else
/// the balance is `nil`; the drift is reported either way.
public struct PointsHistory: Sendable, Hashable, Decodable {
  /// The entries, newest first.
  public let entries: [PointsHistoryEntry]
  /// The current balance; `nil` when neither the answer nor its newest entry carried one
  /// (the seed's `PointsHistoryModel` has no balance), never 0 in its place.
  public let balanceIfSent: Int?
  /// `balance`, with 0 when the server did not send it.
  @available(
    *, deprecated, message: "0 when the server did not send it; use balanceIfSent, nil when absent."
  )
  public var balance: Int { balanceIfSent ?? 0 }

  /// Decodes it tolerantly, reporting drift (`Docs/Market.md`).
  public init(from decoder: any Decoder) throws {
    entries = try PayloadList.decode(
      PointsHistoryEntry.self, "points_history", aliases: ["pointsHistory"], required: true,
      from: decoder
    ).stablySorted { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
    // A backend that answers the list itself gives no balance: the newest entry's is used.
    if let balance = try (try? FieldReader(decoder))?.optionalInt("balance") {
      balanceIfSent = balance
    } else {
      decoder.driftCollector?.record(decoder.codingPath.driftPath(appending: "balance"), .missing)
      balanceIfSent = entries.first?.balanceIfSent
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
  /// `active`; `nil` when the answer did not carry it.
  public let statusIfSent: String?
  /// `status`, with an empty string when the server did not send it.
  @available(
    *, deprecated,
    message: "An empty string when the server did not send it; use statusIfSent, nil when absent."
  )
  public var status: String { statusIfSent ?? "" }
  /// Euros saved with supermarket coupons; `nil` when the answer did not carry it.
  public let totalDiscountIfSent: Double?
  /// `totalDiscount`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use totalDiscountIfSent, nil when absent."
  )
  public var totalDiscount: Double { totalDiscountIfSent ?? 0 }
  /// Active supermarket coupons; `nil` when the answer did not carry the count.
  public let availableCouponsIfSent: Int?
  /// `availableCoupons`, with 0 when the server did not send it.
  @available(
    *, deprecated,
    message: "0 when the server did not send it; use availableCouponsIfSent, nil when absent."
  )
  public var availableCoupons: Int { availableCouponsIfSent ?? 0 }
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
    statusIfSent = try c.expectedString("status")
    totalDiscountIfSent = try c.expectedDouble("total_discount")
    availableCouponsIfSent = try c.expectedInt("available_coupons")
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
