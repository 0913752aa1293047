import SwiftIfConfig
import SwiftSyntax

/// The build configuration of one target on one platform, as `#if` sees it.
///
/// `canImport(X)` holds exactly when the target may import `X` there (``importableModules``),
/// a custom condition when the target's settings define it there or it is a trait on by
/// default. The compiler and the language are 6.3, a simulator never.
public struct PlatformConfiguration: BuildConfiguration {
  /// The platform configured.
  public let platform: Platform
  /// The modules the target may import on ``platform``: the system's and its dependencies'.
  public let importableModules: Set<String>
  /// The custom conditions set (`-D`), traits included.
  public let customConditions: Set<String>
  /// The features the target's settings enable.
  public let enabledFeatures: Set<String>

  /// Features on in the Swift 6 language mode, or part of the language by 6.3.
  static let languageFeatures: Set<String> = [
    "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
    "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
    "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures",
    "ImplicitOpenExistentials", "RegionBasedIsolation", "DynamicActorIsolation",
    "GlobalActorIsolatedTypesUsability", "NonfrozenEnumExhaustivity", "TypedThrows",
    "NoncopyableGenerics", "Macros", "FreestandingExpressionMacros", "AttachedMacros",
    "ParameterPacks", "SendingArgsAndResults", "BitwiseCopyable", "ValueGenerics",
  ]

  /// Attributes the 6.3 compiler knows (`hasAttribute(...)`); `objc` only on Apple's.
  static let attributes: Set<String> = [
    "available", "inlinable", "usableFromInline", "frozen", "discardableResult",
    "preconcurrency", "retroactive", "backDeployed", "propertyWrapper", "resultBuilder",
    "dynamicMemberLookup", "main", "testable", "globalActor", "Sendable", "unchecked",
    "attached", "freestanding", "warn_unqualified_access", "nonisolated", "isolated",
    "_spi", "_implementationOnly", "_alwaysEmitIntoClient", "_optimize", "_effects",
    "_silgen_name", "_cdecl", "_exported", "_transparent", "concurrent", "execution",
  ]

  /// The configuration of `target` on `platform`.
  public init(target: TargetDescription, platform: Platform, enabledTraits: Set<String>) {
    self.platform = platform
    self.importableModules = SystemModules.modules(on: platform)
      .union(target.dependencyModules(on: platform, enabledTraits: enabledTraits))
    self.customConditions = target.definedConditions(on: platform, enabledTraits: enabledTraits)
      .union(enabledTraits)
    self.enabledFeatures = target.features
  }

  /// Whether `module` may be imported: the first component of a submodule path counts.
  public func canImport(module: String) -> Bool {
    importableModules.contains(module)
  }

  /// Whether `-D name` is set: the target defines it here, or it is a trait on by default.
  public func isCustomConditionSet(name: String) -> Bool {
    customConditions.contains(name)
  }

  /// Whether the target's settings enable the feature, or the language has it.
  public func hasFeature(name: String) -> Bool {
    enabledFeatures.contains(name) || Self.languageFeatures.contains(name)
  }

  /// Whether the compiler knows the attribute.
  public func hasAttribute(name: String) -> Bool {
    Self.attributes.contains(name) || (name == "objc" && platform.isApple)
  }

  /// Whether the module (the first component of the path) is importable; any version is.
  public func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
    guard let module = importPath.first?.1 else { return false }
    return canImport(module: module)
  }

  /// Whether `os(name)` names ``platform``.
  public func isActiveTargetOS(name: String) -> Bool {
    platform.operatingSystemNames.contains(name)
  }

  /// Whether `arch(name)` is one of the platform's architectures.
  public func isActiveTargetArchitecture(name: String) -> Bool {
    platform.architectures.contains(name)
  }

  /// Never: neither a simulator nor Mac Catalyst is audited.
  public func isActiveTargetEnvironment(name: String) -> Bool {
    false
  }

  /// `_ObjC` on Apple's platforms, `_Native` elsewhere.
  public func isActiveTargetRuntime(name: String) -> Bool {
    name == (platform.isApple ? "_ObjC" : "_Native")
  }

  /// Never: arm64e is not audited.
  public func isActiveTargetPointerAuthentication(name: String) -> Bool {
    false
  }

  /// `MachO` on Apple's platforms, `ELF` on Linux.
  public func isActiveTargetObjectFormat(name: String) -> Bool {
    name == (platform.isApple ? "MachO" : "ELF")
  }

  /// 64 bits everywhere.
  public var targetPointerBitWidth: Int { 64 }

  /// Atomics up to 128 bits, as on arm64 and x86_64.
  public var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }

  /// Little-endian everywhere.
  public var endianness: Endianness { .little }

  /// `swift(>=...)` compares with 6.3.
  public var languageVersion: VersionTuple { VersionTuple(6, 3) }

  /// `compiler(>=...)` compares with 6.3.
  public var compilerVersion: VersionTuple { VersionTuple(6, 3) }
}
