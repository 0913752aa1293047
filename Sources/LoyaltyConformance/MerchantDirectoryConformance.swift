public import LoyaltyCore

/// The contract every ``LoyaltyCore/MerchantDirectory`` must keep.
///
/// ```swift
/// try await MerchantDirectoryConformance.check(
///   empty: { InMemoryMerchantDirectory() },
///   filled: { merchants in InMemoryMerchantDirectory(merchants: merchants) })
/// ```
public enum MerchantDirectoryConformance {
  /// The merchants `filled` is given: Greek names with accents, providers, payment types,
  /// locations, one without a location.
  public static let fixtures: [DirectoryMerchant] = [
    DirectoryMerchant(
      id: 1, name: "Καφέ Λουμίδη", category: "Καφέ", address: "Αιόλου 106, Αθήνα",
      tags: ["espresso"], location: DirectoryLocation(latitude: 37.9790, longitude: 23.7275),
      denominationsType: "fixed", enabled: true, paymentTypes: [.dash, .giftCard],
      providers: [.ctx]),
    DirectoryMerchant(
      id: 2, name: "Φούρνος Αθηνά", category: "Αρτοποιείο", address: "Ερμού 45, Αθήνα",
      tags: ["κουλούρι"], location: DirectoryLocation(latitude: 37.9760, longitude: 23.7290),
      enabled: true, paymentTypes: [.dash]),
    DirectoryMerchant(
      id: 3, name: "Καφεκοπτείο Ελλάς", category: "Καφέ", address: "Κυδαθηναίων 12",
      tags: ["κουλούρι"], location: DirectoryLocation(latitude: 37.9725, longitude: 23.7305),
      enabled: false, paymentTypes: [.giftCard], providers: [.ctx]),
    DirectoryMerchant(
      id: 4, name: "Café Brûlé", category: "Café", address: "Kolonaki Square 2",
      tags: ["crêpes"], location: DirectoryLocation(latitude: 37.9775, longitude: 23.7410),
      enabled: true, paymentTypes: [.dash]),
    DirectoryMerchant(
      id: 5, name: "Καφέ Χωρίς Διεύθυνση", category: "Καφέ", address: "", tags: [],
      location: nil, enabled: true, paymentTypes: [.dash]),
  ]

  /// Runs every check.
  /// - Parameters:
  ///   - empty: A directory with no data yet.
  ///   - filled: A directory serving the given merchants (``fixtures``).
  /// - Throws: The first ``ConformanceFailure`` found.
  public static func check(
    empty: () async throws -> any MerchantDirectory,
    filled: ([DirectoryMerchant]) async throws -> any MerchantDirectory
  ) async throws {
    let name = "MerchantDirectory"
    let none = try await empty()
    try require(await none.snapshotInfo() == nil, name, "no snapshot info before data")
    do {
      _ = try await none.search(DirectoryQuery("καφε"))
      try require(false, name, "searching without data throws directoryNotSynced")
    } catch let error as LoyaltyError {
      try require(
        error.code == .directoryNotSynced, name, "searching without data throws directoryNotSynced",
        "\(error.code)")
    }

    let directory = try await filled(fixtures)
    func ids(_ query: DirectoryQuery) async throws -> Set<Int> {
      Set(try await directory.search(query).map(\.merchant.id))
    }
    try require(
      try await ids(DirectoryQuery("καφε")) == [1, 3, 5], name,
      "\"καφε\" finds \"Καφέ\" (accents and case ignored, prefixes match)",
      "\(try await ids(DirectoryQuery("καφε")))")
    try require(
      try await ids(DirectoryQuery("ΚΑΦΈ λουμ")) == [1], name,
      "every word must match, as a prefix")
    try require(
      try await ids(DirectoryQuery("cafe brule")) == [4], name,
      "Latin diacritics are ignored")
    try require(try await ids(DirectoryQuery("κουλουρι")) == [2, 3], name, "tags are searched")
    try require(try await ids(DirectoryQuery("ερμου")) == [2], name, "addresses are searched")
    try require(
      try await ids(DirectoryQuery("αρτοποιειο")) == [2], name,
      "categories are searched")
    try require(
      try await ids(DirectoryQuery("ουμιδη")).isEmpty, name,
      "a word matches only as a prefix")
    try require(
      try await ids(DirectoryQuery("\"'; DROP TABLE merchant; --")).isEmpty, name,
      "quotes and SQL in the text are only text")
    try require(
      try await ids(DirectoryQuery("", category: "Καφέ")) == [1, 3, 5], name,
      "an empty text with a category filter lists the category")
    try require(
      try await ids(DirectoryQuery("καφε", enabled: false)) == [3], name,
      "the enabled filter")
    try require(
      try await ids(DirectoryQuery("καφε", provider: .ctx)) == [1, 3], name,
      "the provider filter")
    try require(
      try await ids(DirectoryQuery("", paymentType: .giftCard)) == [1, 3], name,
      "the payment type filter")
    try require(
      try await directory.search(DirectoryQuery("", limit: 2)).count == 2, name,
      "the limit")

    let here = DirectoryLocation(latitude: 37.9726, longitude: 23.7304)
    let nearest = try await directory.search(DirectoryQuery("καφε", near: here))
    try require(
      nearest.map(\.merchant.id) == [3, 1, 5], name,
      "with a location, nearest first and merchants without one last",
      "\(nearest.map(\.merchant.id))")
    try require(
      nearest[0].distance.map { $0 < 50 } == true, name,
      "results carry their distance in metres", "\(String(describing: nearest[0].distance))")
    try require(nearest[2].distance == nil, name, "no distance without a location")

    let first = try await directory.merchant(id: 1)
    try require(first?.name == "Καφέ Λουμίδη", name, "a merchant by id")
    try require(first?.providers == [.ctx], name, "a merchant carries its providers")
    try require(first?.paymentTypes == [.dash, .giftCard], name, "and its payment types")
    try require(first?.denominationsType == "fixed", name, "and its denominations type")
    try require(try await directory.merchant(id: 999) == nil, name, "an unknown id is nil")

    try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<16 {
        group.addTask { try await directory.search(DirectoryQuery("καφε")).count }
      }
      for try await count in group {
        try require(count == 3, name, "concurrent searches all answer", "\(count)")
      }
    }
  }
}
