// Reads one JSON request on standard input:
//
//   {"source": "<the file's text>",
//    "sites": [{"id": 7, "line": 12, "column": 20, "before": ">=", "after": ">"}, ...]}
//
// where line is 1-based and column the 1-based UTF-8 column of the operator's first
// character (of `return` for `return true`). It writes one JSON answer on standard output:
//
//   {"source": "<the rewritten text>", "mapped": [{"id": 7, "first": 12, "last": 12}],
//    "unmapped": [{"id": 9, "why": "type"}]}
//
// Each mapped site's expression becomes `(__mutant(7) ? (mutated) : (original))`, so the
// file holds every mutant at once and `__mutant`, true for the one mutant a run names,
// picks which. `first` and `last` are the lines of the rewritten text that the outermost
// rewritten expression holding the site spans, so a compiler error on a line can be traced
// to the sites that may have caused it. A site that is not
// the operator of an infix expression (a `==` in a `where` clause, say) or the literal of a
// `return true` is unmapped, and left as it is: with the reason `type` when the operator
// stands in a type's place (a mutant there would not compile), `other` otherwise.

import Foundation
import SwiftOperators
import SwiftParser
import SwiftSyntax

struct Site: Codable {
  let id: Int
  let line: Int
  let column: Int
  let before: String
  let after: String
}

struct Request: Codable {
  let source: String
  let sites: [Site]
}

struct Mapped: Codable {
  let id: Int
  let first: Int
  let last: Int
}

struct Unmapped: Codable {
  let id: Int
  let why: String
}

struct Answer: Codable {
  let source: String
  let mapped: [Mapped]
  let unmapped: [Unmapped]
}

struct Position: Hashable {
  let line: Int
  let column: Int
}

/// Rewrites the sites it finds, bottom-up, so a site inside another site's operand is
/// rewritten in both of that site's branches.
final class Schema: SyntaxRewriter {
  let converter: SourceLocationConverter
  let sites: [Position: [Site]]

  init(converter: SourceLocationConverter, sites: [Site]) {
    self.converter = converter
    self.sites = Dictionary(grouping: sites) { Position(line: $0.line, column: $0.column) }
    super.init(viewMode: .sourceAccurate)
  }

  func position(of token: TokenSyntax) -> Position {
    let location = token.startLocation(converter: converter)
    return Position(line: location.line, column: location.column)
  }

  /// An expression whose text is `text`, with the trivia of the node it replaces.
  func raw(_ text: String, replacing node: some SyntaxProtocol) -> ExprSyntax {
    let token = TokenSyntax.identifier(
      text, leadingTrivia: node.leadingTrivia, trailingTrivia: node.trailingTrivia)
    return ExprSyntax(DeclReferenceExprSyntax(baseName: token))
  }

  override func visit(_ node: InfixOperatorExprSyntax) -> ExprSyntax {
    guard let operation = node.operator.as(BinaryOperatorExprSyntax.self) else {
      return super.visit(node)
    }
    let token = operation.operator
    let found = (sites[position(of: token)] ?? []).filter { $0.before == token.text }
    let rewritten = super.visit(node)
    guard !found.isEmpty, let infix = rewritten.as(InfixOperatorExprSyntax.self) else {
      return rewritten
    }
    let left = infix.leftOperand.trimmedDescription
    let right = infix.rightOperand.trimmedDescription
    var text = "((\(left)) \(token.text) (\(right)))"
    for site in found {
      text = "(__mutant(\(site.id)) ? ((\(left)) \(site.after) (\(right))) : \(text))"
    }
    return raw(text, replacing: node)
  }

  override func visit(_ node: ReturnStmtSyntax) -> StmtSyntax {
    let found = sites[position(of: node.returnKeyword)] ?? []
    guard !found.isEmpty, let literal = node.expression?.as(BooleanLiteralExprSyntax.self)
    else { return super.visit(node) }
    let value = literal.literal.text
    var text = value
    for site in found where site.before == "return \(value)" {
      let other = value == "true" ? "false" : "true"
      text = "(__mutant(\(site.id)) ? \(other) : \(text))"
    }
    return StmtSyntax(node.with(\.expression, raw(text, replacing: literal)))
  }
}

let input = FileHandle.standardInput.readDataToEndOfFile()
let request = try JSONDecoder().decode(Request.self, from: input)
let parsed = Parser.parse(source: request.source)
// Folding can fail on operators the table does not know (a module's own); those
// sequences stay unfolded, and their sites unmapped.
let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
let converter = SourceLocationConverter(fileName: "", tree: folded)
let schema = Schema(converter: converter, sites: request.sites)
let rewritten = schema.rewrite(folded)

/// The rewritten expressions, outermost only, with the lines they span in the new text.
final class Spans: SyntaxVisitor {
  let converter: SourceLocationConverter
  var found: [Mapped] = []

  init(converter: SourceLocationConverter) {
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let text = node.baseName.text
    guard text.hasPrefix("(__mutant(") else { return .visitChildren }
    let first = node.baseName.startLocation(converter: converter).line
    let last = node.baseName.endLocation(converter: converter, afterTrailingTrivia: false).line
    for match in text.matches(of: /__mutant\((\d+)\)/) {
      if let id = Int(match.1) { found.append(Mapped(id: id, first: first, last: last)) }
    }
    return .skipChildren
  }
}

let spans = Spans(converter: SourceLocationConverter(fileName: "", tree: rewritten))
spans.walk(rewritten)
let found = Set(spans.found.map(\.id))

/// The tokens of the file by where they start, built once for every site left unmapped.
let tokensByPosition: [Position: TokenSyntax] = {
  var tokens: [Position: TokenSyntax] = [:]
  for token in folded.tokens(viewMode: .sourceAccurate) {
    let location = token.startLocation(converter: converter)
    tokens[Position(line: location.line, column: location.column)] = token
  }
  return tokens
}()

/// Why a site could not be placed: `type` for an operator in a type's place (a `where`
/// clause's `==`, an operator's own declaration), where the mutant would not compile;
/// `other` for anything else.
func reason(for site: Site) -> String {
  guard let token = tokensByPosition[Position(line: site.line, column: site.column)] else {
    return "other"
  }
  var node = token.parent
  while let current = node {
    if current.is(GenericWhereClauseSyntax.self)
      || current.is(FunctionDeclSyntax.self)
        && token.parent?.is(FunctionDeclSyntax.self) == true
    {
      return "type"
    }
    if current.is(ExprSyntax.self) || current.is(CodeBlockItemSyntax.self) { break }
    node = current.parent
  }
  return "other"
}

let answer = Answer(
  source: rewritten.description,
  mapped: spans.found,
  unmapped: request.sites.filter { !found.contains($0.id) }.map {
    Unmapped(id: $0.id, why: reason(for: $0))
  })
FileHandle.standardOutput.write(try JSONEncoder().encode(answer))
