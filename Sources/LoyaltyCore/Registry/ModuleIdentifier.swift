/// Names a module and the product it comes from.
public struct ModuleIdentifier: Sendable, Hashable, CustomStringConvertible {
  /// The SwiftPM product the module ships in: `LoyaltyNetwork`.
  public let product: String
  /// The module type's name, as a host writes it: `NetworkModule`.
  public let name: String

  /// Creates an identifier.
  public init(product: String, name: String) {
    self.product = product
    self.name = name
  }

  /// `NetworkModule() from LoyaltyNetwork`: what a host adds to its module list.
  public var hint: String { "\(name)() from \(product)" }

  public var description: String { "\(product).\(name)" }
}
