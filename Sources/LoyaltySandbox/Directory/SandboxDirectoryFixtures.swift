import LoyaltyCore

/// The directory's fixture merchants: fixed, deterministic, Greek names with accents.
enum SandboxDirectoryFixtures {
  private struct Seed {
    let name: String
    let category: String
    let address: String
    let tags: [String]
    let latitude: Double
    let longitude: Double
  }

  private static let seeds: [Seed] = [
    Seed(
      name: "Καφέ Λουμίδη", category: "Καφέ", address: "Αιόλου 106, Αθήνα",
      tags: ["καφές", "espresso"], latitude: 37.9790, longitude: 23.7275),
    Seed(
      name: "Φούρνος Αθηνά", category: "Αρτοποιείο", address: "Ερμού 45, Αθήνα",
      tags: ["ψωμί", "κουλούρι"], latitude: 37.9760, longitude: 23.7290),
    Seed(
      name: "Σούπερ Μάρκετ Θησείο", category: "Σούπερ μάρκετ", address: "Αποστόλου Παύλου 3",
      tags: ["τρόφιμα"], latitude: 37.9765, longitude: 23.7190),
    Seed(
      name: "Καφεκοπτείο Ελλάς", category: "Καφέ", address: "Πλάκα, Κυδαθηναίων 12",
      tags: ["καφές", "κουλούρι"], latitude: 37.9725, longitude: 23.7305),
    Seed(
      name: "Βιβλιοπωλείο Ελευθερουδάκης", category: "Βιβλία", address: "Πανεπιστημίου 17",
      tags: ["βιβλία"], latitude: 37.9800, longitude: 23.7340),
    Seed(
      name: "Café Brûlé", category: "Café", address: "Kolonaki Square 2", tags: ["crêpes"],
      latitude: 37.9775, longitude: 23.7410),
    Seed(
      name: "Ταβέρνα Ψυρρή", category: "Εστιατόριο", address: "Αισχύλου 8, Ψυρρή",
      tags: ["μεζέδες"], latitude: 37.9780, longitude: 23.7240),
    Seed(
      name: "Φαρμακείο Ομόνοια", category: "Φαρμακείο", address: "Πλατεία Ομονοίας 1",
      tags: ["υγεία"], latitude: 37.9840, longitude: 23.7280),
  ]

  static func merchants(count: Int) -> [DirectoryMerchant] {
    var merchants: [DirectoryMerchant] = []
    for index in 0..<max(0, count) {
      let seed = seeds[index % seeds.count]
      let round = index / seeds.count
      let id = index + 1
      var providers: [DirectoryProviderID] = []
      if id % 2 == 1 { providers.append(.ctx) }
      if id % 3 == 0 { providers.append(.piggyCards) }
      var payments: Set<DirectoryPaymentType> = [.dash]
      if !providers.isEmpty { payments.insert(.giftCard) }
      if id % 5 == 0 { payments.remove(.dash) }
      let offset = Double(round) * 0.004
      merchants.append(
        DirectoryMerchant(
          id: id, name: round == 0 ? seed.name : "\(seed.name) \(round + 1)",
          category: seed.category, address: seed.address, tags: seed.tags,
          location: DirectoryLocation(
            latitude: seed.latitude + offset, longitude: seed.longitude - offset),
          denominationsType: id % 2 == 0 ? "fixed" : "min-max", enabled: id % 7 != 0,
          paymentTypes: payments, providers: providers))
    }
    return merchants
  }
}
