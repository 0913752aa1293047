import PackagePlugin

/// The Loyalty products each target of a package depends on directly.
///
/// In a host, those are product dependencies on the SDK package (the dependency that
/// declares `LoyaltyCore`); in the SDK itself, target dependencies on the targets that
/// are its library products. Test targets and the products' own targets are left out.
struct SDKLinks {
  /// Target name to its Loyalty products, sorted; targets that link none are absent.
  let byTarget: [(target: String, products: [String])]

  init(package: Package) {
    let sdk = Self.sdkPackage(from: package)
    let libraries = Set(
      (sdk?.products ?? []).filter { $0 is LibraryProduct }.map(\.name))
    let productIDs = Set((sdk?.products ?? []).map(\.id))
    let isSDKItself = sdk?.id == package.id
    var result: [(String, [String])] = []
    for target in package.targets {
      if let source = target as? SourceModuleTarget, source.kind == .test { continue }
      if isSDKItself && libraries.contains(target.name) { continue }
      var products: Set<String> = []
      for dependency in target.dependencies {
        switch dependency {
        case .product(let product) where productIDs.contains(product.id):
          products.insert(product.name)
        case .target(let other) where isSDKItself && libraries.contains(other.name):
          products.insert(other.name)
        default:
          break
        }
      }
      if !products.isEmpty {
        result.append((target.name, products.sorted()))
      }
    }
    byTarget = result.sorted { $0.0 < $1.0 }
  }

  /// The SDK: the package itself or a direct dependency that declares `LoyaltyCore`.
  private static func sdkPackage(from package: Package) -> Package? {
    let candidates = [package] + package.dependencies.map(\.package)
    return candidates.first { $0.products.contains { $0.name == "LoyaltyCore" } }
  }
}
