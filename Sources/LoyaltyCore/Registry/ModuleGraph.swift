/// Checks a list of modules and orders them so every provider starts before the
/// modules that use it.
struct ModuleGraph {
  let ordered: [RegisteredModule]

  /// - Parameters:
  ///   - modules: The modules in the order the host listed them, registered: what each
  ///     provides is what it registered.
  ///   - available: Keys satisfied without a module: Core defaults and overrides.
  init(modules: [RegisteredModule], available: [AnyCapabilityKey]) throws {
    // A host lists a few modules: scanning the list costs less than a set's code.
    for (index, module) in modules.enumerated()
    where modules[..<index].contains(where: { $0.identifier == module.identifier }) {
      throw LoyaltyError(
        .duplicateModule,
        "\(module.identifier.name) is listed twice. List each module once.",
        metadata: ["module": module.identifier.description])
    }

    var providers: [AnyCapabilityKey: Int] = [:]
    for (index, module) in modules.enumerated() {
      for key in module.provides {
        if let other = providers[key] {
          throw LoyaltyError(
            .duplicateCapability,
            "Both \(modules[other].identifier.name) and \(module.identifier.name) provide "
              + "\(key.summary) (\(key.name)). Keep one, or pass the one you want as an "
              + "override.",
            metadata: ["capability": key.name])
        }
        providers[key] = index
      }
    }

    for module in modules {
      for key in module.requires where providers[key] == nil && !available.contains(key) {
        var message = "\(module.identifier.product) requires \(key.summary)"
        if let hint = key.providedBy {
          message += ": add \(hint)"
        }
        throw LoyaltyError(
          .missingRequirement, message + ".",
          recoverySuggestion: key.providedBy.map { "Add \($0) to the module list." }
            ?? "Provide \(key.name) as an override.",
          metadata: ["module": module.identifier.description, "capability": key.name])
      }
    }

    // Edges: provider -> consumer. Required edges are hard; optional ones order modules
    // when they can, and give way when they would close a cycle (an optional capability
    // is resolved lazily, so its provider need not have started).
    var required: [[Int]] = Array(repeating: [], count: modules.count)
    var optional: [[Int]] = Array(repeating: [], count: modules.count)
    for (index, module) in modules.enumerated() {
      for key in module.requires {
        if let provider = providers[key], provider != index, !required[index].contains(provider) {
          required[index].append(provider)
        }
      }
      for key in module.optionallyUses {
        if let provider = providers[key], provider != index, !optional[index].contains(provider) {
          optional[index].append(provider)
        }
      }
    }

    // Kahn's algorithm, taking the earliest-listed ready module each time, so the order
    // is deterministic and follows the host's listing where the graph allows.
    var placed = Array(repeating: false, count: modules.count)
    var order: [Int] = []
    while order.count < modules.count {
      let ready = modules.indices.first { index in
        !placed[index] && required[index].allSatisfy { placed[$0] }
          && optional[index].allSatisfy { placed[$0] }
      }
      let next =
        ready
        ?? modules.indices.first { index in
          !placed[index] && required[index].allSatisfy { placed[$0] }
        }
      guard let next else {
        let stuck = modules.indices.filter { !placed[$0] }.map { modules[$0].identifier.name }
        throw LoyaltyError(
          .dependencyCycle,
          "These modules depend on each other in a cycle: \(stuck.joined(separator: ", ")).",
          metadata: ["modules": stuck.joined(separator: ",")])
      }
      placed[next] = true
      order.append(next)
    }
    ordered = order.map { modules[$0] }
  }
}
