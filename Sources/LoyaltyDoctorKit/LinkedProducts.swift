/// Which Loyalty products a host's targets link, and the modules those products let it
/// start.
///
/// The command plugin reads the host's manifest and passes each target's direct Loyalty
/// product dependencies; the modules are inferred from the products (a product holds at
/// most one module), not read from the code that starts the client.
package enum LinkedProducts {
  /// The module each product declares, and what it needs beside it.
  package static let modules: [String: String] = [
    "LoyaltyNetwork": "NetworkModule",
    "LoyaltyStore": "StoreModule",
    "LoyaltySecurity": "SecurityModule",
    "LoyaltyEvents": "EventsModule",
    "LoyaltyPush": "PushModule",
    "LoyaltyMarket": "MarketModule",
    "LoyaltyLocation": "LocationModule",
  ]

  /// What products other than modules bring.
  package static let transports: [String: String] = [
    "LoyaltyURLSession": "the URLSession transport (NetworkModule(transport: .urlSession))",
    "LoyaltySandbox": "the in-process sandbox transport",
  ]

  /// The check lines for `links` (target name to the Loyalty products it links).
  package static func checks(_ links: [String: [String]]?) -> [DoctorCheck] {
    guard let links else {
      return [
        .warning(
          "products", "not known: the tool was run without the command plugin",
          fix: "run it as swift package loyalty-doctor, which reads the package's manifest")
      ]
    }
    let linking = links.filter { !$0.value.isEmpty }
    guard !linking.isEmpty else {
      return [
        .warning(
          "products", "no target of the package links a Loyalty product",
          fix: "add .product(name: \"LoyaltyCore\", package: \"loyalty-sdk\") (and the "
            + "products you use) to the dependencies of the target that starts the SDK")
      ]
    }
    var checks: [DoctorCheck] = []
    for target in linking.keys.sorted() {
      let products = Array(Set(linking[target] ?? [])).sorted()
      let started = products.compactMap { modules[$0] }
      let moduleText =
        started.isEmpty
        ? "no module (LoyaltyCore alone)" : "modules \(started.joined(separator: ", "))"
      let message =
        "\(target) links \(products.joined(separator: ", ")); can start \(moduleText) "
        + "(inferred from the products)"
      if products.contains(where: { modules[$0] == "NetworkModule" || $0 == "LoyaltyPush" })
        && !products.contains(where: { transports[$0] != nil })
      {
        checks.append(
          .warning(
            "products", message + "; no SDK transport linked",
            fix: "link LoyaltyURLSession for NetworkModule(transport: .urlSession), or pass "
              + "your own NetworkTransport"))
      } else {
        checks.append(.ok("products", message))
      }
    }
    return checks
  }
}
