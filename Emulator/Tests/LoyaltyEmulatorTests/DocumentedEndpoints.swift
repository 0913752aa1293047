import Foundation

/// The endpoints `Docs/API.md` documents, read from its text.
///
/// Three forms are read, anywhere in the page:
/// - a method and a path: `POST /oauth/{appUUID}/logout`, `GET /api/session/{sessionUuid}`
///   (an HTTP method in capitals, spaces, then a path starting with `/`; placeholders in
///   braces; a query, a backtick or a space ends the path);
/// - a context call's body: `{"coupon": {"action": "redeem"` (a wrapper key, then an
///   object whose first key is `action`);
/// - a user-management action: a row of a table whose header's first cell is `action`,
///   its first cell a name in backticks (`` | `register` | ``), in a section (between
///   two headings) that names `/user/{appUUID}/{action}`.
struct DocumentedEndpoints {
  /// A method and a path template.
  struct Route: Hashable, CustomStringConvertible {
    let method: String
    let template: String

    var description: String { "\(method) \(template)" }

    /// Whether `path` fills this template: each `{placeholder}` matches one segment.
    func matches(method: String, path: String) -> Bool {
      guard method == self.method else { return false }
      let expected = template.split(separator: "/", omittingEmptySubsequences: false)
      let actual = path.split(separator: "/", omittingEmptySubsequences: false)
      guard expected.count == actual.count else { return false }
      return zip(expected, actual).allSatisfy { pattern, segment in
        (pattern.hasPrefix("{") && pattern.hasSuffix("}") && !segment.isEmpty)
          || pattern == segment
      }
    }
  }

  /// A context call: its wrapper key and action.
  struct ContextCall: Hashable, CustomStringConvertible {
    let wrapper: String
    let action: String

    var description: String { "\(wrapper).\(action)" }
  }

  let routes: Set<Route>
  let contextCalls: Set<ContextCall>
  let userActions: Set<String>

  /// Reads the page at `Docs/API.md` of the SDK's checkout.
  static func load() throws -> DocumentedEndpoints {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/API.md"), encoding: .utf8)
    return DocumentedEndpoints(page: page)
  }

  init(page: String) {
    var routes = Set<Route>()
    let route = /\b(GET|POST|PUT|PATCH|DELETE)\s+`?(\/[A-Za-z0-9_{}.\/-]*)/
    for match in page.matches(of: route) {
      var path = String(match.output.2)
      while path.count > 1, path.hasSuffix(".") { path.removeLast() }
      routes.insert(Route(method: String(match.output.1), template: path))
    }
    self.routes = routes

    let call = /\{"([a-z_]+)":\s*\{"action":\s*"([a-z_]+)"/
    contextCalls = Set(
      page.matches(of: call).map {
        ContextCall(wrapper: String($0.output.1), action: String($0.output.2))
      })

    var actions = Set<String>()
    var section: [Substring] = []
    let lines: [Substring] = page.split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines + ["#"] {
      if line.hasPrefix("#") {
        if section.contains(where: { $0.contains("/user/{appUUID}/{action}") }) {
          actions.formUnion(Self.actionRows(section))
        }
        section = []
      } else {
        section.append(line)
      }
    }
    userActions = actions
  }

  /// The first cells of the rows of tables whose header's first cell is `action`.
  private static func actionRows(_ lines: [Substring]) -> [String] {
    var names: [String] = []
    var inActionTable = false
    for line in lines {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("|"), cells.count > 2 else {
        inActionTable = false
        continue
      }
      let first = cells[1]
      if first == "action" {
        inActionTable = true
      } else if inActionTable, let name = first.wholeMatch(of: /`([a-z_]+)`/) {
        names.append(String(name.output.1))
      }
    }
    return names
  }
}
