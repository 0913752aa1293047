import SwiftIfConfig
import SwiftSyntax

/// Walks the active code of one parsed file for one target on one platform, and collects
/// what would not build there: imports the target lacks, APIs newer than the floor.
final class FileAuditor: ActiveSyntaxVisitor {
  /// The file's path relative to the package root, for the findings.
  private let file: String
  /// The target the file belongs to.
  private let target: TargetDescription
  /// The configuration `#if` is evaluated in.
  private let configuration: PlatformConfiguration
  /// The platform's floor; `nil` where there is none (Linux).
  private let floor: VersionTuple?
  /// Turns positions into lines.
  private let converter: SourceLocationConverter
  /// What was found so far.
  private(set) var findings: [Finding] = []

  /// An auditor of `tree`, the file at `file`, for `target` in `configuration`.
  init(
    file: String, tree: SourceFileSyntax, target: TargetDescription,
    configuration: PlatformConfiguration, floor: VersionTuple?
  ) {
    self.file = file
    self.target = target
    self.configuration = configuration
    self.floor = floor
    self.converter = SourceLocationConverter(fileName: file, tree: tree)
    super.init(viewMode: .sourceAccurate, configuration: configuration)
  }

  /// Checks an active import's module (the first component of its path).
  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let module = node.path.first?.name.text else { return .skipChildren }
    if module != target.module, !configuration.canImport(module: module) {
      record(node, .strayImport(module: module, target: target.name))
    }
    return .skipChildren
  }

  /// Checks a type named by its identifier alone (`Atomic<Int>`).
  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    check(node.name.text, at: node)
    return .visitChildren
  }

  /// Checks a type named through its module (`Synchronization.Atomic`).
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    if let base = node.baseType.as(IdentifierTypeSyntax.self),
      NewerAPI.modules.contains(base.name.text)
    {
      check(node.name.text, at: node)
    }
    return .visitChildren
  }

  /// Checks a value named in an expression (`withTaskExecutorPreference(...)`), and one
  /// reached through its module (`Synchronization.Atomic(0)`), not a member of a value.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if let member = node.parent?.as(MemberAccessExprSyntax.self),
      member.declName.id == node.id
    {
      guard let base = member.base?.as(DeclReferenceExprSyntax.self),
        NewerAPI.modules.contains(base.baseName.text)
      else { return .visitChildren }
    }
    check(node.baseName.text, at: node)
    return .visitChildren
  }

  /// Records a finding when `name` is a newer API used below the floor, uncovered.
  private func check(_ name: String, at node: some SyntaxProtocol) {
    guard let api = NewerAPI.byName[name], let floor,
      let introduced = api.introduced[configuration.platform], floor < introduced,
      !AvailabilityCoverage.covers(node, platform: configuration.platform, version: introduced)
    else { return }
    record(
      node, .newerAPI(api: name, introduced: introduced, floor: floor, module: target.module))
  }

  /// Appends a finding of `kind` at `node`'s first token.
  private func record(_ node: some SyntaxProtocol, _ kind: Finding.Kind) {
    let line = node.startLocation(converter: converter).line
    findings.append(
      Finding(file: file, line: line, platform: configuration.platform, kind: kind))
  }
}
