import Foundation
import LoyaltySandbox

/// The demo's command-line options.
struct DemoOptions {
  /// Where the database and keys are kept between runs; in memory when `nil`.
  var dataDirectory: URL?
  /// A real server (the emulator) to run against instead of the in-process sandbox.
  var baseURL: URL?
  /// The optional calls the in-process sandbox answers 404, as a backend without them.
  var without: SandboxOffers = []
  /// Where the in-process sandbox puts an answer's members.
  var envelope: SandboxEnvelope = .context
  /// How the in-process sandbox's answers hold their lists.
  var lists: SandboxListForm = .keyed

  static let usage = """
    usage: loyalty-demo [--base-url URL] [--data-dir DIR] [--without LIST]
                        [--envelope SHAPE] [--lists FORM]

      --base-url URL   run the tour against a server, e.g. the emulator:
                         swift run --package-path Emulator loyalty-emulator --port 8080
                         swift run loyalty-demo --base-url http://127.0.0.1:8080
                       (default: the in-process sandbox, no network)
      --data-dir DIR   keep the database and the encryption key in DIR between runs
                       (default: everything in memory, gone when the demo ends)
      --without LIST   the in-process sandbox answers these optional calls 404, as a
                       backend without them: some of poi,directory,flows; the tour
                       skips their steps (against a server, start the emulator with
                       --without instead)
      --envelope SHAPE the in-process sandbox answers with every member inside
                       `context` (context, the default) or at the top level (flat)
      --lists FORM     the in-process sandbox answers lists under their key (keyed,
                       the default), as the list itself (bare), under items or
                       entries, or as their first element alone (single, which
                       leaves the geofencing step too few stores to walk past);
                       the emulator takes the same --envelope and --lists
      --help           show this help
    """

  /// Parses `arguments` (without the program name); `nil` means help was asked for.
  static func parse(_ arguments: [String]) throws -> DemoOptions? {
    var options = DemoOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        return nil
      case "--data-dir":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw DemoError("--data-dir needs a directory")
        }
        options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
      case "--base-url":
        guard let text = remaining.popFirst(), let url = URL(string: text),
          ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
          throw DemoError("--base-url needs an http(s) URL, such as http://127.0.0.1:8080")
        }
        options.baseURL = url
      case "--without":
        guard let list = remaining.popFirst(), let offers = try? SandboxOffers(names: list)
        else {
          throw DemoError("--without needs some of poi,directory,flows, comma-separated")
        }
        options.without = offers
      case "--envelope":
        guard let name = remaining.popFirst(), let envelope = SandboxEnvelope(rawValue: name)
        else {
          throw DemoError("--envelope needs context or flat")
        }
        options.envelope = envelope
      case "--lists":
        guard let name = remaining.popFirst(), let form = SandboxListForm(rawValue: name) else {
          throw DemoError("--lists needs keyed, bare, items, entries or single")
        }
        options.lists = form
      default:
        throw DemoError("unknown option \(argument)")
      }
    }
    if options.baseURL != nil,
      !options.without.isEmpty || options.envelope != .context || options.lists != .keyed
    {
      throw DemoError(
        "--without, --envelope and --lists apply to the in-process sandbox; "
          + "start the emulator with them instead")
    }
    return options
  }
}

/// A failure the demo reports before exiting with a non-zero status.
struct DemoError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
