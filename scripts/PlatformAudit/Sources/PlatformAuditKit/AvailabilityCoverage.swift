import SwiftIfConfig
import SwiftSyntax

/// Whether the code around a use makes an API available: an enclosing `if #available`, a
/// `guard #available` before it in an enclosing block, or an enclosing declaration or
/// extension marked `@available`.
///
/// A check covers a platform it names at the API's version or later; `*` covers no
/// platform it does not name (the floor decides those). A declaration unavailable on the
/// platform covers it too: nothing in it is compiled for that platform's callers.
enum AvailabilityCoverage {
  /// Whether `node` sits where `platform` is known to be at `version` or later.
  static func covers(
    _ node: some SyntaxProtocol, platform: Platform, version: VersionTuple
  ) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent {
      if let ifExpression = parent.as(IfExprSyntax.self), child.id == ifExpression.body.id,
        covers(ifExpression.conditions, platform, version)
      {
        return true
      }
      if let items = parent.as(CodeBlockItemListSyntax.self),
        guardCovers(items, before: child, platform, version)
      {
        return true
      }
      if let declaration = parent.asProtocol(WithAttributesSyntax.self),
        covers(declaration.attributes, platform, version)
      {
        return true
      }
      child = parent
    }
    return false
  }

  /// Whether a `guard #available` among `items` before `child` covers the platform.
  private static func guardCovers(
    _ items: CodeBlockItemListSyntax, before child: Syntax, _ platform: Platform,
    _ version: VersionTuple
  ) -> Bool {
    for item in items {
      if item.id == child.id { return false }
      if let guardStatement = item.item.as(GuardStmtSyntax.self),
        covers(guardStatement.conditions, platform, version)
      {
        return true
      }
    }
    return false
  }

  /// Whether one of `conditions` is an `#available` that covers the platform.
  private static func covers(
    _ conditions: ConditionElementListSyntax, _ platform: Platform, _ version: VersionTuple
  ) -> Bool {
    conditions.contains { element in
      guard case .availability(let availability) = element.condition,
        availability.availabilityKeyword.tokenKind == .poundAvailable
      else { return false }
      return covers(availability.availabilityArguments, platform, version)
    }
  }

  /// Whether one of `attributes` is an `@available` that covers the platform.
  private static func covers(
    _ attributes: AttributeListSyntax, _ platform: Platform, _ version: VersionTuple
  ) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element,
        attribute.attributeName.trimmedDescription == "available",
        case .availability(let arguments) = attribute.arguments
      else { return false }
      return covers(arguments, platform, version)
    }
  }

  /// Whether the arguments of one `@available` or `#available` cover the platform: the
  /// short form (`iOS 18, macOS 15, *`) or the long one (`macOS, introduced: 15`,
  /// `iOS, unavailable`, `*, unavailable`).
  private static func covers(
    _ arguments: AvailabilityArgumentListSyntax, _ platform: Platform, _ version: VersionTuple
  ) -> Bool {
    var leadingToken: String?
    for (index, argument) in arguments.enumerated() {
      switch argument.argument {
      case .availabilityVersionRestriction(let restriction):
        guard platform.availabilityNames.contains(restriction.platform.text),
          let text = restriction.version?.trimmedDescription,
          let introduced = VersionTuple(parsing: text)
        else { continue }
        return introduced >= version
      case .token(let token):
        if index == 0 {
          leadingToken = token.text
        } else if token.text == "unavailable" {
          return leadingToken == "*" || names(leadingToken, platform)
        }
      case .availabilityLabeledArgument(let labeled):
        guard labeled.label.text == "introduced", names(leadingToken, platform),
          case .version(let tuple) = labeled.value,
          let introduced = VersionTuple(parsing: tuple.trimmedDescription)
        else { continue }
        return introduced >= version
      }
    }
    return false
  }

  /// Whether `name` is one of the availability names of `platform`.
  private static func names(_ name: String?, _ platform: Platform) -> Bool {
    name.map(platform.availabilityNames.contains) ?? false
  }
}
