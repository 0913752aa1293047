import Foundation
import Testing

/// Every ```swift block of the guides (README.md, Docs/*.md) and of the `///` doc comments in
/// Sources must appear verbatim in a snippet file that a target compiles:
/// Tests/DocumentationTests/Snippets, or Integrations/Tests/<target>/Snippets for the nested
/// package's products. A guide's block that cannot be compiled (a manifest) carries
/// `<!-- snippet: not compiled, <reason> -->` on the line right above its fence.
@Suite("Documentation: every Swift block is compiled code")
struct DocumentationSnippetTests {
  @Test("each guide and doc-comment block appears verbatim in a snippet file")
  func everyBlockIsInASnippetFile() throws {
    let snippets = try SnippetFiles.load()
    #expect(!snippets.isEmpty, "no snippet files found")
    let blocks = try DocumentationBlock.all()
    #expect(blocks.filter { $0.origin == .guide }.count > 0)
    #expect(blocks.filter { $0.origin == .docComment }.count > 0)
    for block in blocks where block.annotation == nil {
      let found = snippets.contains { $0.contains(block.lines) }
      #expect(
        found,
        """
        \(block.file):\(block.line): this ```swift block appears in no file of \
        Tests/DocumentationTests/Snippets or Integrations/Tests/*/Snippets; \
        put it there verbatim, in code that compiles
        """)
    }
  }

  @Test("a block left uncompiled says why, and such blocks stay rare")
  func annotationsGiveAReason() throws {
    let annotated = try DocumentationBlock.all().filter { $0.annotation != nil }
    for block in annotated {
      let reason = block.annotation ?? ""
      #expect(
        !reason.isEmpty,
        "\(block.file):\(block.line): `snippet: not compiled` needs a reason after the comma")
    }
    // Manifests and Apple-only code (Docs/Apple.md's SwiftUI view, path monitor and
    // notification delegate among them); anything else belongs in a snippet file.
    #expect(annotated.count <= 8, "\(annotated.count) uncompiled blocks: keep them rare")
  }

  @Test("the matcher finds a block whatever its indentation, and only an exact one")
  func matcherIsExact() {
    let file = SnippetFile(
      path: "Example.swift",
      text: """
        func example() {
          let a = 1

          print(a)   \n\
        }
        """)
    #expect(file.contains(["let a = 1", "", "print(a)"]))
    #expect(file.contains(normalizedBlock(["      let a = 1"])))
    #expect(!file.contains(["let a = 2"]))
    #expect(!file.contains(["let a = 1", "print(a)"]))
  }
}
