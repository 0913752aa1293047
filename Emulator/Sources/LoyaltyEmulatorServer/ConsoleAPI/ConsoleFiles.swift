import Foundation

/// The console's pages, styles and script, shipped as the emulator's resources
/// (`Console/`) and served as they are: no build step, nothing fetched from elsewhere.
enum ConsoleFiles {
  /// The content type of each kind of file served.
  static let contentTypes = [
    "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
    "ico": "image/x-icon",
  ]

  /// The folder the files are in.
  static let folder: URL? = Bundle.module.url(forResource: "Console", withExtension: nil)

  /// The file `name`: a plain name in the folder, never a path out of it.
  static func answer(for name: String) throws(ConsoleError) -> ConsoleAnswer {
    let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-_.")
    guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains),
      let type = contentTypes[(name as NSString).pathExtension]
    else { throw ConsoleError(404, "The console has no page \(name).") }
    guard let folder else {
      throw ConsoleError(500, "The console's files are missing from the emulator's resources.")
    }
    guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else {
      throw ConsoleError(404, "The console has no page \(name).")
    }
    return ConsoleAnswer.bytes(data, contentType: type)
      .adding("Content-Security-Policy", "default-src 'self'; img-src 'self' data:")
      .adding("X-Content-Type-Options", "nosniff")
  }
}
