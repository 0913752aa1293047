/// The privacy features a device starts with before its user chose
/// (``LoyaltyClient/privacy`` keeps the choice from then on).
///
/// In `loyalty.json`, `privacy.enabled` is `"all"` (the default, as the seed behaves),
/// `"none"` (the SDK is opt-in: nothing is collected until the user agrees), or a list of
/// feature names:
///
/// ```json
/// { "privacy": { "enabled": ["analytics", "pushRegistration"] } }
/// ```
///
/// The seed's `trackersEnabled` is `analytics`.
public struct PrivacyConfiguration: Sendable, Hashable, Codable {
  /// The features enabled on a device whose user never chose.
  public var enabled: PrivacyFeatures
  /// Names in `privacy.enabled` that no feature has, and the key path of each
  /// (`privacy.enabled[1]`), kept for validation to report.
  var unknownNames: [String] = []
  var unknownFields: [String] = []

  /// Creates a configuration.
  /// - Parameter enabled: The features enabled until the user chooses; every feature by
  ///   default.
  public init(enabled: PrivacyFeatures = .all) {
    self.enabled = enabled
  }

  /// Decodes `enabled` from `"all"`, `"none"` or a list of feature names; absent, every
  /// feature. Unknown names are reported by validation, naming the entry.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldKey.self)
    enabled = .all
    if let word = try? container.decodeIfPresent(String.self, forKey: FieldKey("enabled")) {
      switch word {
      case "all": enabled = .all
      case "none": enabled = []
      default:
        unknownNames = [word]
        unknownFields = ["privacy.enabled"]
      }
    } else if let names: [String] = try container.decodeIfPresent("enabled") {
      enabled = []
      for (index, name) in names.enumerated() {
        if let feature = PrivacyFeatures(name: name) {
          enabled.insert(feature)
        } else {
          unknownNames.append(name)
          unknownFields.append("privacy.enabled[\(index)]")
        }
      }
    }
  }

  /// Encodes `enabled` as `"all"`, `"none"` or the list of names.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FieldKey.self)
    switch enabled {
    case .all: try container.encode("all", "enabled")
    case []: try container.encode("none", "enabled")
    default: try container.encode(enabled.names, "enabled")
    }
  }

  /// Every problem: each name in `privacy.enabled` that no feature has.
  func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    let known = PrivacyFeatures.named.map(\.name).joined(separator: ", ")
    for (field, name) in zip(unknownFields, unknownNames) {
      errors.appendSetting(
        .invalidPrivacyFeature, field: field,
        "\(field) is \"\(name.prefix(64))\", which names no privacy feature.",
        "Use \"all\", \"none\" or a list of: \(known).")
    }
    return errors
  }
}
