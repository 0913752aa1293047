import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one place where a snapshot row of any schema version becomes a
/// ``LoyaltyCore/DirectoryMerchant``, with each evolved field read through a fallback
/// chain, and every fallback counted (tolerated, never silent):
///
/// - `denominationsType` or else `redeemType` (schema 1) or else none;
/// - `enabled` or else `acceptsDash` or else `true`;
/// - `name`, `category`, `address`, `tags` or else empty;
/// - `logoLocation`, `website`, `ctxMerchantId` or else none (seed 003 lines 34-47);
/// - the denominations: the type, fixed when unknown (seed 003 line 303), with the
///   amounts of `denominations` (comma-separated) or the range `minimumAmount` to
///   `maximumAmount`, when the snapshot has them.
struct DirectoryFieldMapping {
  /// The columns of `merchant` this mapping reads, when present.
  static let knownColumns = [
    "id", "name", "category", "address", "tags", "latitude", "longitude", "denominationsType",
    "redeemType", "enabled", "acceptsDash", "acceptsGiftCards", "logoLocation", "website",
    "ctxMerchantId", "denominations", "minimumAmount", "maximumAmount",
  ]

  /// Fallbacks taken so far, by `field<-source`.
  private(set) var fallbacks: [String: Int] = [:]
  private let index: [String: Int32]

  /// A mapping for a `merchant` table that has `columns`.
  init(columns: [String]) {
    var index: [String: Int32] = [:]
    for (position, name) in Self.knownColumns.filter(columns.contains).enumerated() {
      index[name] = Int32(position)
    }
    self.index = index
  }

  /// The `SELECT` reading the known columns this table has, in order. Column names
  /// come from ``knownColumns``, never from the snapshot or a caller.
  var selectSQL: String {
    let names = Self.knownColumns.filter { index[$0] != nil }.map { "\"\($0)\"" }
    return "SELECT \(names.joined(separator: ", ")) FROM merchant ORDER BY id"
  }

  /// The merchant in `statement`'s current row, its providers not yet attached.
  mutating func merchant(_ statement: SQLiteStatement) -> DirectoryMerchant? {
    guard let id = integer("id", statement) else {
      count("row<-skipped(no id)")
      return nil
    }
    let denominations: String?
    if let value = text("denominationsType", statement) {
      denominations = value
    } else if let value = text("redeemType", statement) {
      denominations = value
      count("denominationsType<-redeemType")
    } else {
      denominations = nil
      count("denominationsType<-none")
    }
    let acceptsDash = integer("acceptsDash", statement).map { $0 != 0 }
    let enabled: Bool
    if let value = integer("enabled", statement) {
      enabled = value != 0
    } else if let acceptsDash {
      enabled = acceptsDash
      count("enabled<-acceptsDash")
    } else {
      enabled = true
      count("enabled<-default")
    }
    var payments: Set<DirectoryPaymentType> = []
    if acceptsDash == true { payments.insert(.dash) }
    if integer("acceptsGiftCards", statement).map({ $0 != 0 }) == true {
      payments.insert(.giftCard)
    }
    var location: DirectoryLocation?
    if let latitude = real("latitude", statement), let longitude = real("longitude", statement) {
      location = DirectoryLocation(latitude: latitude, longitude: longitude)
    }
    let tags = (text("tags", statement) ?? "").split(separator: ",")
      .map { String($0).trimmingWhitespaces() }
      .filter { !$0.isEmpty }
    return DirectoryMerchant(
      id: id, name: required("name", statement), category: required("category", statement),
      address: required("address", statement), tags: tags, location: location,
      denominationsType: denominations, enabled: enabled, paymentTypes: payments,
      logoLocation: optional("logoLocation", statement), website: optional("website", statement),
      ctxMerchantId: optional("ctxMerchantId", statement),
      denominations: amounts(type: denominations, statement))
  }

  /// The denominations of the row: the type's, with the snapshot's amounts.
  private mutating func amounts(type: String?, _ statement: SQLiteStatement)
    -> DirectoryDenominations
  {
    if type != nil, !DirectoryDenominations.isFlexibleType(type),
      type?.trimmingWhitespaces().lowercased() != "fixed"
    {
      count("denominations<-fixed(unknown type)")
    }
    if DirectoryDenominations.isFlexibleType(type) {
      let minimum = decimal("minimumAmount", statement)
      let maximum = decimal("maximumAmount", statement)
      let range = DirectoryDenominations.flexible(min: minimum, max: maximum)
      if range.isDrifted { count("denominations<-drift(min>max)") }
      return range
    }
    var amounts: [Decimal] = []
    for item in (text("denominations", statement) ?? "").split(separator: ",") {
      let trimmed = String(item).trimmingWhitespaces()
      guard !trimmed.isEmpty else { continue }
      if let amount = Self.amount(trimmed), amount > 0 {
        amounts.append(amount)
      } else {
        count("denominations<-skipped(bad amount)")
      }
    }
    return .fixed(amounts)
  }

  /// A column that may be absent: counted only when the snapshot lacks the column.
  private mutating func optional(_ column: String, _ statement: SQLiteStatement) -> String? {
    guard index[column] != nil else {
      count("\(column)<-none")
      return nil
    }
    return text(column, statement).flatMap { $0.isEmpty ? nil : $0 }
  }

  private func decimal(_ column: String, _ statement: SQLiteStatement) -> Decimal? {
    guard let value = text(column, statement)?.trimmingWhitespaces() else { return nil }
    return Self.amount(value)
  }

  /// A decimal amount written with digits and at most one `.`, nothing else.
  static func amount(_ text: String) -> Decimal? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.filter({ $0 == 0x2E }).count <= 1,
      bytes.contains(where: { (0x30...0x39).contains($0) }),
      bytes.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E })
    else { return nil }
    return Decimal(string: text)
  }

  private mutating func required(_ column: String, _ statement: SQLiteStatement) -> String {
    if let value = text(column, statement) { return value }
    count("\(column)<-empty")
    return ""
  }

  private mutating func count(_ key: String) {
    fallbacks[key, default: 0] += 1
  }

  private func text(_ column: String, _ statement: SQLiteStatement) -> String? {
    guard let position = index[column], statement.type(at: position) != .null else { return nil }
    return statement.text(at: position)
  }

  private func integer(_ column: String, _ statement: SQLiteStatement) -> Int? {
    guard let position = index[column] else { return nil }
    switch statement.type(at: position) {
    case .integer, .real: return statement.int(at: position)
    case .text: return statement.text(at: position).flatMap { Int($0) }
    default: return nil
    }
  }

  private func real(_ column: String, _ statement: SQLiteStatement) -> Double? {
    guard let position = index[column] else { return nil }
    switch statement.type(at: position) {
    case .integer, .real: return statement.double(at: position)
    case .text: return statement.text(at: position).flatMap { Double($0) }
    default: return nil
    }
  }
}
