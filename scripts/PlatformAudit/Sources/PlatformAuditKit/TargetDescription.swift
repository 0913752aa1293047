/// A target of the dumped manifest: what the audit needs of it.
public struct TargetDescription: Sendable {
  /// A module the target's dependencies give it, and where.
  struct Dependency: Sendable {
    /// The module the dependency makes importable.
    let module: String
    /// The dump's platform names of its condition; `nil` when it has none (every platform).
    let platformNames: Set<String>?
    /// The traits of its condition; empty when it has none.
    let traits: Set<String>
  }

  /// A `define` setting, and where it applies.
  struct Define: Sendable {
    /// The condition's name (before any `=`).
    let name: String
    /// The dump's platform names of its condition; `nil` when it has none.
    let platformNames: Set<String>?
    /// The traits of its condition; empty when it has none.
    let traits: Set<String>
  }

  /// The target's name.
  public let name: String
  /// The dump's `type`: `regular`, `executable`, `system`, `test`, `plugin`, `macro`.
  public let type: String
  /// The target's folder relative to the package root: its `path`, else SwiftPM's default.
  public let path: String
  /// Paths relative to ``path`` the manifest excludes.
  public let exclude: [String]
  /// What its dependencies give it.
  let dependencies: [Dependency]
  /// Its `define` settings.
  let defines: [Define]
  /// The features its settings enable (upcoming and experimental).
  let features: Set<String>

  /// The module name of the target (`platform-audit` is `platform_audit`).
  public var module: String { Self.moduleName(of: name) }

  /// The modules the target's dependencies give it on `platform`, with `enabledTraits` on.
  public func dependencyModules(on platform: Platform, enabledTraits: Set<String>) -> Set<String> {
    var modules: Set<String> = []
    for dependency in dependencies
    where Self.applies(dependency.platformNames, dependency.traits, platform, enabledTraits) {
      modules.insert(dependency.module)
    }
    return modules
  }

  /// The conditions the target's settings define on `platform`, with `enabledTraits` on.
  public func definedConditions(on platform: Platform, enabledTraits: Set<String>) -> Set<String> {
    var names: Set<String> = []
    for define in defines
    where Self.applies(define.platformNames, define.traits, platform, enabledTraits) {
      names.insert(define.name)
    }
    return names
  }

  /// Whether a condition on `platformNames` and `traits` holds on `platform`.
  private static func applies(
    _ platformNames: Set<String>?, _ traits: Set<String>, _ platform: Platform,
    _ enabledTraits: Set<String>
  ) -> Bool {
    if let platformNames, !platformNames.isEmpty, !platformNames.contains(platform.manifestName) {
      return false
    }
    return traits.isEmpty || !traits.isDisjoint(with: enabledTraits)
  }

  /// The module name SwiftPM gives a target called `name`: what is not a letter, a digit
  /// or `_` becomes `_`.
  static func moduleName(of name: String) -> String {
    String(
      name.map { character in
        character.isLetter || character.isNumber || character == "_" ? character : "_"
      })
  }
}

extension TargetDescription {
  /// Reads a target from one element of the dump's `targets`.
  ///
  /// - Throws: ``AuditError`` when the element has no name.
  init(json: [String: Any]) throws {
    guard let name = json["name"] as? String else {
      throw AuditError("a target of the dump has no name")
    }
    let type = json["type"] as? String ?? "regular"
    self.name = name
    self.type = type
    self.path = json["path"] as? String ?? Self.defaultPath(of: name, type: type)
    self.exclude = json["exclude"] as? [String] ?? []
    let dependencyList = json["dependencies"] as? [[String: Any]] ?? []
    self.dependencies = dependencyList.compactMap(Self.dependency(from:))
    var defines: [Define] = []
    var features: Set<String> = []
    for setting in json["settings"] as? [[String: Any]] ?? [] {
      guard let kind = setting["kind"] as? [String: Any] else { continue }
      let condition = setting["condition"] as? [String: Any]
      let platformNames = (condition?["platformNames"] as? [String]).map(Set.init)
      let traits = Set(condition?["traits"] as? [String] ?? [])
      if let value = Self.argument(of: kind["define"]) {
        let conditionName = String(value.prefix { $0 != "=" })
        defines.append(Define(name: conditionName, platformNames: platformNames, traits: traits))
      }
      for key in ["enableUpcomingFeature", "enableExperimentalFeature"] {
        if let value = Self.argument(of: kind[key]) {
          features.insert(value)
        }
      }
    }
    self.defines = defines
    self.features = features
  }

  /// The folder SwiftPM looks in when a target names no `path`.
  private static func defaultPath(of name: String, type: String) -> String {
    switch type {
    case "test": "Tests/\(name)"
    case "plugin": "Plugins/\(name)"
    default: "Sources/\(name)"
    }
  }

  /// The string of a setting's `{"_0": value}`.
  private static func argument(of value: Any?) -> String? {
    (value as? [String: Any])?["_0"] as? String
  }

  /// Reads one `byName`, `target` or `product` dependency.
  ///
  /// Each is an array: the name first, the condition (`platformNames`, `traits`) last,
  /// or `null`.
  private static func dependency(from json: [String: Any]) -> Dependency? {
    for key in ["byName", "target", "product"] {
      guard let entries = json[key] as? [Any], let name = entries.first as? String else {
        continue
      }
      let condition = entries.last as? [String: Any]
      let platformNames = (condition?["platformNames"] as? [String]).map(Set.init)
      let traits = Set(condition?["traits"] as? [String] ?? [])
      return Dependency(
        module: moduleName(of: name), platformNames: platformNames, traits: traits)
    }
    return nil
  }
}
