import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `cards` calls: add, list and delete the user's payment cards.
enum CardHandlers {
  /// The calls of this group the sandbox answers; ``SandboxRoutes`` gathers them.
  static let routes: [SandboxRoute] = [
    SandboxRoute(
      .context(domain: "cards", action: "add_card"), endpoint: .addCard, auth: .bearer,
      answer: .model("card", keyed: true), handler: CardHandlers.add),
    SandboxRoute(
      .context(domain: "cards", action: "get_cards"), endpoint: .cards, auth: .bearer,
      answer: .list("cards"), handler: CardHandlers.list),
    SandboxRoute(
      .context(domain: "cards", action: "delete_card"), endpoint: .deleteCard, auth: .bearer,
      answer: .noPayload, handler: CardHandlers.delete),
  ]

  /// `cards.add_card` `{"card_number", "card_issuer", "cardholder", "expiration_month",
  /// "expiration_year"}`. Only the last four digits are kept.
  static func add(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let userID = call.userID, state.users[userID] != nil else {
      return SandboxReply.invalidToken
    }
    let digits = (call.string("card_number") ?? "").filter { $0 != " " && $0 != "-" }
    guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCII),
      digits.allSatisfy(\.isNumber), luhn(digits)
    else {
      return .badField("card_number", "must be a valid card number")
    }
    guard let holder = call.string("cardholder") else {
      return .badField("cardholder", "is required")
    }
    guard let issuer = call.string("card_issuer") else {
      return .badField("card_issuer", "is required")
    }
    guard let monthText = call.string("expiration_month"), let month = Int(monthText),
      (1...12).contains(month)
    else {
      return .badField("expiration_month", "must be 01 to 12")
    }
    guard let yearText = call.string("expiration_year"), yearText.count == 4,
      let year = Int(yearText)
    else {
      return .badField("expiration_year", "must be four digits")
    }
    let today = SandboxDate.format(call.now, .day)
    let currentYear = Int(today.prefix(4)) ?? 0
    let currentMonth = Int(today.dropFirst(5).prefix(2)) ?? 0
    guard year > currentYear || (year == currentYear && month >= currentMonth) else {
      return .declined("The card has expired.")
    }
    let last4 = String(digits.suffix(4))
    let monthString = month < 10 ? "0\(month)" : String(month)
    let duplicate = state.users[userID]?.cards.contains {
      $0.last4 == last4 && $0.expirationMonth == monthString && $0.expirationYear == yearText
    }
    guard duplicate != true else {
      return .declined("This card has already been added.")
    }
    let card = SandboxCard(
      token: state.nextIdentifier("card_"), last4: last4, issuer: issuer, holder: holder,
      expirationMonth: monthString, expirationYear: yearText, created: call.now)
    state.users[userID]?.cards.append(card)
    return .result(["card": card.json()])
  }

  /// `cards.get_cards`.
  static func list(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let user = call.userID.flatMap({ state.users[$0] }) else {
      return SandboxReply.invalidToken
    }
    return .result(["cards": .array(user.cards.map { $0.json() })])
  }

  /// `cards.delete_card` `{"token"}`.
  static func delete(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let userID = call.userID, let user = state.users[userID] else {
      return SandboxReply.invalidToken
    }
    guard let token = call.string("token") else { return .badField("token", "is required") }
    guard let index = user.cards.firstIndex(where: { $0.token == token }) else {
      return .error(404, "Unknown card.")
    }
    state.users[userID]?.cards.remove(at: index)
    return .ok(["msg": "The card was deleted."])
  }

  /// The Luhn checksum every card number carries.
  static func luhn(_ digits: String) -> Bool {
    var sum = 0
    for (offset, character) in digits.reversed().enumerated() {
      guard var digit = character.wholeNumberValue else { return false }
      if offset % 2 == 1 {
        digit *= 2
        if digit > 9 { digit -= 9 }
      }
      sum += digit
    }
    return sum % 10 == 0
  }
}
