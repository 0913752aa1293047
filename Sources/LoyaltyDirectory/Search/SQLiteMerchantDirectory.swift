public import LoyaltyCore
import LoyaltyStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live ``LoyaltyCore/MerchantDirectory``: searches the installed snapshot with
/// FTS5 (or, when the system SQLite lacks it, a substring scan), offline.
///
/// Each search borrows a read-only connection to the snapshot current when it starts;
/// a swap under way never fails it.
public final class SQLiteMerchantDirectory: MerchantDirectory {
  private let pool: DirectorySnapshotPool
  private let providers: Set<DirectoryProviderID>
  private let executor: BlockingExecutor

  init(
    pool: DirectorySnapshotPool, enabledProviders: Set<DirectoryProviderID>,
    executor: BlockingExecutor
  ) {
    self.pool = pool
    self.providers = enabledProviders
    self.executor = executor
  }

  public func search(_ query: DirectoryQuery) async throws -> [DirectorySearchResult] {
    if let provider = query.provider, !providers.contains(provider) {
      throw LoyaltyError(
        .directoryProviderDisabled,
        "The provider \"\(provider)\" is not enabled in this build or configuration.",
        metadata: ["provider": provider.rawValue])
    }
    let terms = DirectoryTextFolding.words(query.text)
    // SQLite blocks: the statements run on the directory's thread.
    return try await executor.run { try self.search(query, terms: terms) }
  }

  private func search(_ query: DirectoryQuery, terms: [String]) throws
    -> [DirectorySearchResult]
  {
    try pool.withReader { connection, info in
      let sql: String
      switch (terms.isEmpty || !info.fullTextSearch, query.near != nil) {
      case (false, false): sql = DirectorySearchSQL.fullTextByRank
      case (false, true): sql = DirectorySearchSQL.fullTextByDistance
      case (true, false): sql = DirectorySearchSQL.scanByName
      case (true, true): sql = DirectorySearchSQL.scanByDistance
      }
      let fullText = !terms.isEmpty && info.fullTextSearch
      var merchants: [DirectoryMerchant] = []
      try connection.withStatement(sql) { statement in
        if fullText {
          try statement.bind(DirectorySearchSQL.matchExpression(terms), at: 1)
        } else {
          let array = String(decoding: try JSONEncoder().encode(terms), as: UTF8.self)
          try statement.bind(array, at: 1)
        }
        try statement.bind(query.category, at: 2)
        try statement.bind(query.provider?.rawValue, at: 3)
        if let enabled = query.enabled {
          try statement.bind(enabled ? 1 : 0, at: 4)
        } else {
          try statement.bindNull(at: 4)
        }
        try statement.bind(query.paymentType?.rawValue, at: 5)
        if let near = query.near {
          try statement.bind(near.latitude, at: 6)
          try statement.bind(near.longitude, at: 7)
          try statement.bind(cos(near.latitude * .pi / 180), at: 8)
        } else {
          try statement.bindNull(at: 6)
          try statement.bindNull(at: 7)
          try statement.bindNull(at: 8)
        }
        try statement.bind(max(0, query.limit), at: 9)
        while try statement.step() {
          merchants.append(Self.merchant(statement))
        }
      }
      return try merchants.map { merchant in
        var merchant = merchant
        try attach(to: &merchant, connection)
        let distance = query.near.flatMap { near in merchant.location.map(near.distance(to:)) }
        return DirectorySearchResult(merchant: merchant, distance: distance)
      }
    }
  }

  public func merchant(id: Int) async throws -> DirectoryMerchant? {
    try await executor.run { try self.merchant(readingID: id) }
  }

  private func merchant(readingID id: Int) throws -> DirectoryMerchant? {
    try pool.withReader { connection, _ in
      let found = try connection.withStatement(DirectorySearchSQL.byID) { statement in
        try statement.bind(id, at: 1)
        return try statement.step() ? Self.merchant(statement) : nil
      }
      guard var merchant = found else { return nil }
      try attach(to: &merchant, connection)
      return merchant
    }
  }

  public func snapshotInfo() async -> DirectorySnapshotInfo? {
    pool.info
  }

  /// Reads the merchant's providers (the enabled ones) and payment types.
  private func attach(to merchant: inout DirectoryMerchant, _ connection: SQLiteConnection)
    throws
  {
    var providers: [DirectoryProviderID] = []
    try connection.withStatement(DirectorySearchSQL.providers) { statement in
      try statement.bind(merchant.id, at: 1)
      while try statement.step() {
        let provider = DirectoryProviderID(rawValue: statement.text(at: 0) ?? "")
        if self.providers.contains(provider) { providers.append(provider) }
      }
    }
    merchant.providers = providers
    var payments: Set<DirectoryPaymentType> = []
    try connection.withStatement(DirectorySearchSQL.payments) { statement in
      try statement.bind(merchant.id, at: 1)
      while try statement.step() {
        payments.insert(DirectoryPaymentType(rawValue: statement.text(at: 0) ?? ""))
      }
    }
    merchant.paymentTypes = payments
  }

  private static func merchant(_ statement: SQLiteStatement) -> DirectoryMerchant {
    var location: DirectoryLocation?
    if statement.type(at: 5) != .null, statement.type(at: 6) != .null {
      location = DirectoryLocation(
        latitude: statement.double(at: 5), longitude: statement.double(at: 6))
    }
    let tags = (statement.text(at: 4) ?? "").split(separator: ",").map(String.init)
    let denominations = statement.text(at: 12).flatMap {
      try? JSONDecoder().decode(DirectoryDenominations.self, from: Data($0.utf8))
    }
    return DirectoryMerchant(
      id: statement.int(at: 0), name: statement.text(at: 1) ?? "",
      category: statement.text(at: 2) ?? "", address: statement.text(at: 3) ?? "", tags: tags,
      location: location, denominationsType: statement.text(at: 7),
      enabled: statement.int(at: 8) != 0, logoLocation: statement.text(at: 9),
      website: statement.text(at: 10), ctxMerchantId: statement.text(at: 11),
      denominations: denominations)
  }
}
