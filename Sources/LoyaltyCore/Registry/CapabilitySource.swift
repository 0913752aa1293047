/// Who supplied a capability's implementation.
public enum CapabilitySource: Sendable, Hashable, CustomStringConvertible {
  /// Core's in-memory default, used when no module provides the capability.
  case coreDefault
  /// A module.
  case module(ModuleIdentifier)
  /// The host, through ``CapabilityOverrides``.
  case override

  public var description: String {
    switch self {
    case .coreDefault: "LoyaltyCore default"
    case .module(let identifier): identifier.description
    case .override: "host override"
    }
  }
}
