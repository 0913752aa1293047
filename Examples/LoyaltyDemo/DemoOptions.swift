import Foundation

/// The demo's command-line options.
struct DemoOptions {
  /// Where the database and keys are kept between runs; in memory when `nil`.
  var dataDirectory: URL?

  static let usage = """
    usage: loyalty-demo [--data-dir DIR]

      --data-dir DIR   keep the database and the encryption key in DIR between runs
                       (default: everything in memory, gone when the demo ends)
      --help           show this help
    """

  /// Parses `arguments` (without the program name).
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
      default:
        throw DemoError("unknown option \(argument)")
      }
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
