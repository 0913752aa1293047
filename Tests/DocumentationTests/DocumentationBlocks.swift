import Foundation

/// The repository's root, found from this file's path (Tests/DocumentationTests/<file>).
let repositoryRoot = URL(filePath: #filePath)
  .deletingLastPathComponent()
  .deletingLastPathComponent()
  .deletingLastPathComponent()

/// A block's lines without trailing whitespace, without the blank lines that open or close
/// it, and without the indentation all its non-blank lines share.
func normalizedBlock(_ lines: [String]) -> [String] {
  var lines = lines.map(trimmingTrailingWhitespace)
  while lines.first?.isEmpty == true { lines.removeFirst() }
  while lines.last?.isEmpty == true { lines.removeLast() }
  let indents = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }
  let common = indents.min() ?? 0
  return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(common)) }
}

private func trimmingTrailingWhitespace(_ line: String) -> String {
  var line = Substring(line)
  while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
  return String(line)
}

/// A fenced ```swift block of a guide or a doc comment.
struct DocumentationBlock {
  enum Origin { case guide, docComment }

  /// The file, relative to the repository's root.
  var file: String
  /// The line of the opening fence, counted from 1.
  var line: Int
  var origin: Origin
  var lines: [String]
  /// The reason of a `<!-- snippet: not compiled, <reason> -->` right above the fence.
  var annotation: String?

  /// The blocks of README.md, Docs/*.md and every `///` comment under Sources.
  static func all() throws -> [DocumentationBlock] {
    var blocks: [DocumentationBlock] = []
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appending(path: "Docs").path
    ).filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    for path in ["README.md"] + docs {
      let lines = try String(contentsOf: repositoryRoot.appending(path: path), encoding: .utf8)
        .components(separatedBy: "\n")
      blocks += fencedBlocks(in: lines.map { Optional($0) }, file: path, origin: .guide)
    }
    for path in try files(under: "Sources", extension: "swift") {
      let lines = try String(contentsOf: repositoryRoot.appending(path: path), encoding: .utf8)
        .components(separatedBy: "\n")
      // Only doc-comment lines count, their `///` (and one space) removed; any other line
      // ends a block.
      let comments = lines.map { line -> String? in
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("///") else { return nil }
        let text = trimmed.dropFirst(3)
        return String(text.hasPrefix(" ") ? text.dropFirst() : text)
      }
      blocks += fencedBlocks(in: comments, file: path, origin: .docComment)
    }
    return blocks
  }

  /// The ```swift blocks of `lines`, where `nil` is a line that cannot belong to a block.
  static func fencedBlocks(in lines: [String?], file: String, origin: Origin)
    -> [DocumentationBlock]
  {
    var blocks: [DocumentationBlock] = []
    var open: (line: Int, annotation: String?)?
    var body: [String] = []
    for (index, line) in lines.enumerated() {
      guard let line else {
        open = nil
        continue
      }
      let fence = line.trimmingCharacters(in: .whitespaces)
      if let start = open {
        if fence == "```" {
          let block = DocumentationBlock(
            file: file, line: start.line, origin: origin, lines: normalizedBlock(body),
            annotation: start.annotation)
          blocks.append(block)
          open = nil
        } else {
          body.append(line)
        }
      } else if fence == "```swift" {
        open = (index + 1, index > 0 ? lines[index - 1].flatMap(annotationReason) : nil)
        body = []
      }
    }
    return blocks
  }

  /// The reason of `<!-- snippet: not compiled, <reason> -->`, empty when none is given.
  private static func annotationReason(_ line: String) -> String? {
    let marker = "<!-- snippet: not compiled"
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix(marker), text.hasSuffix("-->") else { return nil }
    var reason = text.dropFirst(marker.count).dropLast(3)
    if reason.hasPrefix(",") { reason = reason.dropFirst() }
    return reason.trimmingCharacters(in: .whitespaces)
  }
}

/// A Swift file of a Snippets folder, as lines without trailing whitespace.
struct SnippetFile {
  var path: String
  var lines: [String]

  init(path: String, text: String) {
    self.path = path
    self.lines = text.components(separatedBy: "\n").map(trimmingTrailingWhitespace)
  }

  /// Whether the normalized `block` equals some run of this file's lines once that run's
  /// common indentation is removed.
  func contains(_ block: [String]) -> Bool {
    guard let first = block.first, block.count <= lines.count else { return false }
    for start in 0...(lines.count - block.count) {
      let candidate = lines[start]
      guard candidate.hasSuffix(first), candidate.dropLast(first.count).allSatisfy({ $0 == " " })
      else { continue }
      if normalizedBlock(Array(lines[start..<(start + block.count)])) == block { return true }
    }
    return false
  }
}

enum SnippetFiles {
  /// The root's snippet files and those of the Integrations package's test targets.
  static func load() throws -> [SnippetFile] {
    var paths = try files(under: "Tests/DocumentationTests/Snippets", extension: "swift")
    let integrations = "Integrations/Tests"
    let targets = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appending(path: integrations).path)
    for target in targets.sorted() {
      let folder = "\(integrations)/\(target)/Snippets"
      guard FileManager.default.fileExists(atPath: repositoryRoot.appending(path: folder).path)
      else { continue }
      paths += try files(under: folder, extension: "swift")
    }
    return try paths.map { path in
      SnippetFile(
        path: path,
        text: try String(contentsOf: repositoryRoot.appending(path: path), encoding: .utf8))
    }
  }
}

/// The files under `folder` (relative to the root) whose names end in `.<ext>`, as paths
/// relative to the root, sorted.
func files(under folder: String, extension ext: String) throws -> [String] {
  let base = repositoryRoot.appending(path: folder)
  guard let names = FileManager.default.subpaths(atPath: base.path) else {
    throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: base.path])
  }
  return names.filter { $0.hasSuffix(".\(ext)") }.map { "\(folder)/\($0)" }.sorted()
}
