#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Builds the catalog and the users from ``SandboxFixtures``, deterministically: each
/// collection draws from its own stream of the seed.
struct FixtureGenerator {
  let fixtures: SandboxFixtures

  private var reference: Date { fixtures.referenceDate }
  private static let day: TimeInterval = 86_400

  // MARK: Catalog

  func catalog() -> SandboxCatalog {
    let categories = makeCategories()
    let merchants = makeMerchants(categories: categories)
    let couponSets = makeCouponSets(merchants: merchants, categories: categories)
    var generator = SeededGenerator(seed: fixtures.seed, stream: "campaigns")
    let campaigns = (0..<fixtures.campaigns).map {
      makeCampaign(index: $0, couponSets: couponSets, generator: &generator)
    }
    return SandboxCatalog(
      campaigns: campaigns, couponSets: couponSets, merchants: merchants,
      categories: categories, articles: makeArticles())
  }

  private func makeCategories() -> [SandboxMerchantCategory] {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "categories")
    let count =
      fixtures.merchants > 0 ? max(1, fixtures.merchantCategories) : fixtures.merchantCategories
    var categories: [SandboxMerchantCategory] = []
    for index in 0..<count {
      let words = FixtureWords.categories[index % FixtureWords.categories.count]
      let round = index / FixtureWords.categories.count
      let suffix = round == 0 ? "" : " \(round + 1)"
      // Later categories belong to food or coffee.
      let parent = index >= 6 ? categories[1 + index % 2].uuid : nil
      categories.append(
        SandboxMerchantCategory(
          uuid: generator.uuid(),
          name: SandboxText(greek: words.greek + suffix, english: words.english + suffix),
          adminName: words.admin + (round == 0 ? "" : "-\(round + 1)"),
          parentUUID: parent))
    }
    return categories
  }

  private func makeMerchants(categories: [SandboxMerchantCategory]) -> [SandboxMerchant] {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "merchants")
    var merchants: [SandboxMerchant] = []
    merchants.reserveCapacity(fixtures.merchants)
    var roots: [Int] = []
    for index in 0..<fixtures.merchants {
      let city = generator.pick(FixtureWords.cities)
      // The first merchants are supermarkets, so every fixture size has some.
      let category =
        index < 3 || generator.chance(12) ? categories[0] : generator.pick(categories)
      let isBranch = index >= 5 && !roots.isEmpty && generator.chance(20)
      let parent = isBranch ? merchants[generator.pick(roots)] : nil
      let brand = parent?.name ?? generator.pick(FixtureWords.brands)
      let name =
        parent != nil
        ? "\(brand.split(separator: " ").first ?? "") \(city.name)"
        : "\(brand) \(generator.pick(FixtureWords.shopKinds))"
      let tagCount = generator.int(1...3)
      var tags: [String] = []
      while tags.count < tagCount {
        let tag = generator.pick(FixtureWords.tags)
        if !tags.contains(tag) { tags.append(tag) }
      }
      let merchant = SandboxMerchant(
        uuid: generator.uuid(),
        name: name,
        description: SandboxText(
          greek: "Κατάστημα \(name) στην πόλη \(city.name).",
          english: "\(name), a shop in \(city.name)."),
        categoryUUID: category.uuid,
        address: "\(generator.pick(FixtureWords.streets)) \(generator.int(1...220))",
        city: city.name,
        postalCode: String(city.postal * 100 + generator.int(0...99)),
        telephone: "+30 21\(generator.digits(8))",
        latitude: ((city.latitude + generator.double(-0.08, 0.08)) * 1_000_000).rounded()
          / 1_000_000,
        longitude: ((city.longitude + generator.double(-0.08, 0.08)) * 1_000_000).rounded()
          / 1_000_000,
        defaultShown: generator.chance(30),
        tags: tags,
        parentUUID: parent?.uuid)
      if parent == nil { roots.append(merchants.count) }
      merchants.append(merchant)
    }
    return merchants
  }

  private func makeCouponSets(
    merchants: [SandboxMerchant], categories: [SandboxMerchantCategory]
  ) -> [SandboxCouponSet] {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "couponsets")
    let supermarkets = merchants.filter { $0.categoryUUID == categories.first?.uuid }
    var sets: [SandboxCouponSet] = []
    sets.reserveCapacity(fixtures.couponSets)
    for index in 0..<fixtures.couponSets {
      let type = index % 4 == 0 ? "supermarket" : (index % 7 == 3 ? "universal" : "standard")
      let pool = type == "supermarket" && !supermarkets.isEmpty ? supermarkets : merchants
      let merchant = pool.isEmpty ? nil : generator.pick(pool)
      var shops = merchant.map { [$0.uuid] } ?? []
      for _ in 0..<generator.int(0...2) where !pool.isEmpty {
        let extra = generator.pick(pool).uuid
        if !shops.contains(extra) { shops.append(extra) }
      }
      let percentage = generator.chance(40)
      let discount = percentage ? generator.int(1...10) * 500 : generator.int(2...20) * 100
      let price = generator.int(5...60) * 100
      let adjective = generator.pick(FixtureWords.adjectives)
      let product = generator.pick(FixtureWords.products)
      let amount = percentage ? "\(discount / 100)%" : "\(discount / 100) €"
      sets.append(
        SandboxCouponSet(
          uuid: generator.uuid(),
          name: SandboxText(
            greek: "\(adjective.greek) έκπτωση \(amount) σε \(product.greek)",
            english: "\(adjective.english) \(amount) off \(product.english)"),
          description: SandboxText(
            greek: "Κερδίστε \(amount) έκπτωση σε \(product.greek).",
            english: "Get \(amount) off \(product.english)."),
          terms: SandboxText(
            greek: "Ισχύει μία φορά ανά κουπόνι.", english: "Valid once per coupon."),
          expiration: reference.addingTimeInterval(Double(generator.int(400...1_100)) * Self.day),
          discountCents: discount,
          discountType: percentage ? "percentage" : "value",
          finalPriceCents: percentage
            ? price - price * discount / 10_000 : max(0, price - discount),
          type: type,
          merchantUUID: merchant?.uuid ?? "",
          shopAvailability: shops,
          savingsCents: percentage ? price * discount / 10_000 : min(price, discount),
          points: generator.int(0...10) * 50,
          availability: generator.chance(15) ? 0 : generator.int(1...50)))
    }
    return sets
  }

  private func makeCampaign(
    index: Int, couponSets: [SandboxCouponSet], generator: inout SeededGenerator,
    prefix: SandboxText? = nil
  ) -> SandboxCampaign {
    let roll = generator.int(0...99)
    var type: String
    switch roll {
    case 0..<50: type = "coupon"
    case 50..<60: type = "supermarket"
    case 60..<72: type = "content"
    case 72..<82: type = "ccms"
    case 82..<91: type = "telco"
    default: type = "questionnaire"
    }
    var couponSet: SandboxCouponSet?
    if type == "coupon" || type == "supermarket" {
      let pool =
        type == "supermarket" ? couponSets.filter { $0.type == "supermarket" } : couponSets
      couponSet = pool.isEmpty ? nil : generator.pick(pool)
      if couponSet == nil { type = "content" }
    }
    let adjective = generator.pick(FixtureWords.adjectives)
    let noun = generator.pick(FixtureWords.nouns)
    let product = generator.pick(FixtureWords.products)
    let lead = prefix.map { ($0.greek + " ", $0.english + " ") } ?? ("", "")
    return SandboxCampaign(
      sessionUUID: generator.hex(32),
      title: SandboxText(
        greek: "\(lead.0)\(adjective.greek) \(noun.greek) #\(index + 1)",
        english: "\(lead.1)\(adjective.english) \(noun.english) #\(index + 1)"),
      subtitle: SandboxText(
        greek: "Για \(product.greek)", english: "For \(product.english)"),
      offerCategory: generator.pick(FixtureWords.offerCategories),
      type: type,
      couponSetUUID: couponSet?.uuid,
      sorting: generator.int(1...max(1, fixtures.campaigns)),
      isCarousel: generator.chance(15),
      filter: generator.pick(FixtureWords.campaignFilters),
      startDate: reference.addingTimeInterval(-Double(generator.int(0...60)) * Self.day),
      endDate: reference.addingTimeInterval(Double(generator.int(400...1_000)) * Self.day))
  }

  private func makeArticles() -> [SandboxArticle] {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "articles")
    return (0..<fixtures.articles).map { index in
      let adjective = generator.pick(FixtureWords.adjectives)
      let product = generator.pick(FixtureWords.products)
      var tags = [generator.pick(FixtureWords.tags)]
      let second = generator.pick(FixtureWords.tags)
      if second != tags[0] { tags.append(second) }
      return SandboxArticle(
        uuid: generator.uuid(),
        title: SandboxText(
          greek: "\(adjective.greek) νέα για \(product.greek)",
          english: "\(adjective.english) news about \(product.english)"),
        subtitle: SandboxText(greek: "Άρθρο \(index + 1)", english: "Article \(index + 1)"),
        body: SandboxText(
          greek: "Όλα όσα πρέπει να ξέρετε για \(product.greek).",
          english: "All you need to know about \(product.english)."),
        category: generator.pick(FixtureWords.articleCategories),
        tags: tags,
        publishDate: reference.addingTimeInterval(-Double(generator.int(0...120)) * Self.day),
        sorting: index + 1)
    }
  }

  // MARK: Users

  /// The fixture users, `user1@sandbox.test` onwards.
  func users(catalog: SandboxCatalog) -> [SandboxUser] {
    guard fixtures.users > 0 else { return [] }
    return (1...fixtures.users).map {
      user(email: SandboxFixtures.userEmail($0), guid: nil, catalog: catalog)
    }
  }

  /// A user with data drawn from the seed and `email` (or `guid`), so a user registered
  /// later by a login is the same every run.
  func user(email: String, guid: String?, catalog: SandboxCatalog) -> SandboxUser {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "user:\(guid ?? email)")
    let id = generator.uuid()
    var coupons: [SandboxCoupon] = []
    let sets = catalog.couponSets
    for index in 0..<(sets.isEmpty ? 0 : fixtures.couponsPerUser) {
      let set = generator.pick(sets)
      let created = reference.addingTimeInterval(-Double(generator.int(1...200)) * Self.day)
      let redeemed = index % 4 == 1
      let expired = index % 8 == 7
      let redeemedDate = created.addingTimeInterval(
        Double(generator.int(1...30)) * Self.day + Double(generator.int(0...999_999)) / 1_000_000)
      coupons.append(
        SandboxCoupon(
          code: "SBX-\(generator.hex(4).uppercased())-\(generator.hex(4).uppercased())",
          barcode: generator.ean13(),
          couponSetUUID: set.uuid,
          status: redeemed ? 0 : 1,
          created: created,
          expiration: expired
            ? reference.addingTimeInterval(-10 * Self.day) : set.expiration,
          redeemedDate: redeemed ? redeemedDate : nil,
          redeemedMerchantUUID: redeemed ? set.merchantUUID : nil))
    }
    let merchants = catalog.merchants
    var transactions: [SandboxTransaction] = []
    for _ in 0..<(merchants.isEmpty ? 0 : fixtures.transactionsPerUser) {
      let merchant = generator.pick(merchants)
      var products: [SandboxTransaction.Product] = []
      for _ in 0..<generator.int(1...3) {
        let product = generator.pick(FixtureWords.products)
        products.append(
          .init(
            name: product.english, quantity: generator.int(1...4),
            priceCents: generator.int(50...2_000)))
      }
      let amount = products.reduce(0) { $0 + $1.priceCents * $1.quantity }
      transactions.append(
        SandboxTransaction(
          uuid: generator.uuid(),
          date: reference.addingTimeInterval(-Double(generator.int(0...365 * 86_400))),
          type: "purchase", merchantUUID: merchant.uuid, merchantName: merchant.name,
          amountCents: amount, points: amount / 100, products: products))
    }
    var history: [SandboxPointsEntry] = []
    var balance = 0
    var date = reference.addingTimeInterval(-400 * Self.day)
    for index in 0..<fixtures.pointsEntriesPerUser {
      date = date.addingTimeInterval(Double(generator.int(1...30)) * Self.day)
      let spend = index > 0 && generator.chance(25) && balance >= 100
      let points = spend ? -min(balance, generator.int(1...5) * 50) : generator.int(5...60) * 25
      balance += points
      history.append(
        SandboxPointsEntry(
          uuid: generator.uuid(), date: date, points: points,
          type: spend ? "redeem" : (index % 5 == 0 ? "bonus" : "earn"),
          description: spend ? "Redeemed a reward" : "Points earned", balance: balance))
    }
    let firstName = generator.pick(FixtureWords.firstNames)
    let lastName = generator.pick(FixtureWords.lastNames)
    return SandboxUser(
      id: id, email: email, guid: guid, firstName: firstName, lastName: lastName,
      phone: "+3069\(generator.digits(8))",
      birthday: Date(timeIntervalSince1970: Double(generator.int(0...10_000)) * Self.day),
      gender: generator.pick(["female", "male", "other"]),
      language: "el",
      points: balance,
      tier: generator.pick(["bronze", "silver", "gold"]),
      memberSince: reference.addingTimeInterval(-Double(generator.int(400...1_500)) * Self.day),
      marketPassBarcode: generator.ean13(),
      coupons: coupons, cards: [], transactions: transactions, pointsHistory: history,
      password: SandboxFixtures.userPassword)
  }

  /// The personalized campaigns of `userID`, the same every time it is asked.
  func personalizedCampaigns(userID: String, catalog: SandboxCatalog) -> [SandboxCampaign] {
    var generator = SeededGenerator(seed: fixtures.seed, stream: "personalized:\(userID)")
    let lead = SandboxText(greek: "Για εσάς:", english: "For you:")
    return (0..<fixtures.personalizedCampaigns).map {
      makeCampaign(
        index: $0, couponSets: catalog.couponSets, generator: &generator, prefix: lead)
    }
  }
}
