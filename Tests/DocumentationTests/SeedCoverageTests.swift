import Foundation
import Testing

/// `Docs/SeedCoverage.md` names, for each seed row the SDK added, the tests that prove it:
/// each name must be the display name of a suite or a test, or the page would vouch for a
/// test that does not exist.
@Suite("SeedCoverage.md names tests that exist")
struct SeedCoverageTests {
  /// The quoted names in the last column of the "Added in this release" table.
  static func citedNames(in page: String) -> [String] {
    guard let start = page.range(of: "## Added in this release"),
      let end = page.range(of: "\n## ", range: start.upperBound..<page.endIndex)
    else { return [] }
    var names: [String] = []
    for line in page[start.upperBound..<end.lowerBound].split(separator: "\n")
    where line.hasPrefix("| ") && !line.hasPrefix("| seed lines") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count >= 3 else { continue }
      let last = cells[cells.count - 2]
      names += last.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
        .map { String($0.element) }
    }
    return names
  }

  /// Every `.swift` file under Tests and AppleCheck/Tests, read once.
  static func testSources() throws -> String {
    // The root package's tests, and AppleCheck's (the CryptoKit backend's).
    var sources = ""
    for folder in ["Tests", "AppleCheck/Tests"] {
      let tests = repositoryRoot.appending(path: folder)
      let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        guard file.pathExtension == "swift", !file.path.contains("/Snippets/") else { continue }
        sources += try String(contentsOf: file, encoding: .utf8)
      }
    }
    return sources
  }

  /// The display names of `@Suite("…")` and `@Test("…")`, the name on the attribute's
  /// line or the next.
  static func declaredNames(in sources: String) -> Set<String> {
    var names: Set<String> = []
    var pending = false
    for line in sources.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      var text: Substring?
      if trimmed.hasPrefix("@Suite(\"") || trimmed.hasPrefix("@Test(\"") {
        text = trimmed.drop { $0 != "\"" }
      } else if pending, trimmed.hasPrefix("\"") {
        text = trimmed
      }
      pending = trimmed == "@Test(" || trimmed == "@Suite("
      guard let text, let close = text.dropFirst().firstIndex(of: "\"") else { continue }
      names.insert(String(text[text.index(after: text.startIndex)..<close]))
    }
    return names
  }

  @Test("every test the page cites is a suite's or a test's display name")
  func citedTestsExist() throws {
    let page = try String(
      contentsOf: repositoryRoot.appending(path: "Docs/SeedCoverage.md"), encoding: .utf8)
    let names = Self.citedNames(in: page)
    #expect(names.count >= 15, "the page cites \(names.count) tests")
    let sources = try Self.testSources()
    let declared = Self.declaredNames(in: sources)
    for name in names {
      let exists = declared.contains(name)
      #expect(exists, "\"\(name)\" is not the name of a suite or a test")
    }
  }

  @Test("the reader finds quoted names in the table's last column only")
  func readerIsExact() {
    let page = """
      ## Added in this release

      | seed lines | what | does | "header" |
      |---|---|---|---|
      | 000:1 | "not this" | x | "first", "second" |

      ## Left out on purpose

      | 000:2 | a | b | "not cited" |
      """
    #expect(Self.citedNames(in: page) == ["first", "second"])
    let sources = """
      @Suite("a suite")
      @Test(
        "a test on the next line", arguments: [1])
      @Test("a test")
      let notATest = "a string"
      """
    #expect(Self.declaredNames(in: sources) == ["a suite", "a test on the next line", "a test"])
  }
}
