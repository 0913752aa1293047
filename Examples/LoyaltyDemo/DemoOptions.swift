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
  /// How the in-process sandbox's answers hold an object (a card, a profile).
  var objects: SandboxObjectForm = .own
  /// How the in-process sandbox answers the optional calls of ``without``.
  var unoffered: SandboxFault = .status(404)
  /// Whether the privacy step withdraws consent and erases the data of ``dataDirectory``;
  /// data in memory is always erased at the end.
  var erase = false
  /// Whether the network is cut: the tour shows what the device kept in ``dataDirectory``
  /// from an earlier run, each value with its age.
  var offline = false

  /// The names `--unoffered` takes, with the answer each gives.
  static let unofferedAnswers: [(name: String, answer: SandboxFault)] = [
    ("404", .status(404)), ("501", .status(501)), ("empty", .emptySuccess),
    ("other", .otherCallAnswer),
  ]

  static let usage = """
    usage: loyalty-demo [--base-url URL] [--data-dir DIR [--erase | --offline]] [--without LIST]
                        [--envelope SHAPE] [--lists FORM] [--objects FORM]
                        [--unoffered ANSWER]

      --base-url URL   run the tour against a server, e.g. the emulator:
                         swift run --package-path Emulator loyalty-emulator --port 8080
                         swift run loyalty-demo --base-url http://127.0.0.1:8080
                       (default: the in-process sandbox, no network)
      --data-dir DIR   keep the database and the encryption key in DIR between runs
                       (default: everything in memory, gone when the demo ends)
      --erase          with --data-dir, end with the privacy step: consent to
                       analytics withdrawn, then DIR's data erased (in memory, the
                       step always runs)
      --offline        with --data-dir, cut the network (every call fails as with no
                       connection) and show what an earlier run left on the device:
                       the coupons with their codes drawn, the points and the market
                       pass, each with its age, and which steps need the network
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
      --objects FORM   the in-process sandbox answers objects (a card, a profile)
                       each in its own form (own, the default), all as the payload
                       itself (bare), all under a member named after them (wrapped),
                       or `result` under a MAPP_* key (domain)
      --unoffered ANSWER  how the calls of --without are answered: 404 (the
                       default), 501, an empty success (empty) or another call's
                       answer, a list of merchants (other)
                       the emulator takes the same --envelope, --lists, --objects
                       and --unoffered
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
      case "--erase":
        options.erase = true
      case "--offline":
        options.offline = true
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
      case "--objects":
        guard let name = remaining.popFirst(), let form = SandboxObjectForm(rawValue: name)
        else {
          throw DemoError("--objects needs own, bare, wrapped or domain")
        }
        options.objects = form
      case "--unoffered":
        guard let name = remaining.popFirst(),
          let answer = unofferedAnswers.first(where: { $0.name == name })?.answer
        else {
          throw DemoError("--unoffered needs 404, 501, empty or other")
        }
        options.unoffered = answer
      default:
        throw DemoError("unknown option \(argument)")
      }
    }
    if options.baseURL != nil,
      !options.without.isEmpty || options.envelope != .context || options.lists != .keyed
        || options.objects != .own || options.unoffered != .status(404)
    {
      throw DemoError(
        "--without, --envelope, --lists, --objects and --unoffered apply to the in-process "
          + "sandbox; "
          + "start the emulator with them instead")
    }
    if options.erase, options.dataDirectory == nil {
      throw DemoError("--erase applies to --data-dir: data in memory is always erased")
    }
    if options.offline, options.dataDirectory == nil {
      throw DemoError(
        "--offline shows what an earlier run kept: give it the run's --data-dir")
    }
    if options.offline, options.erase {
      throw DemoError("--offline keeps the data directory: run --erase online")
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
