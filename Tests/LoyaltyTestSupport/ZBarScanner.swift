public import Foundation

/// A real scanner for the tests: `zbarimg` (Debian's `zbar-tools`), run on image files and
/// read through its XML output.
///
/// CI installs it and sets `LOYALTY_REQUIRE_SCANNER=1`, so a test that cannot find it fails
/// there instead of passing unchecked; elsewhere the scanner's tests are skipped without it.
///
/// A scan waits for zbarimg without holding a thread: the tests that run beside it on the
/// cooperative pool (the deadline tests among them) keep their threads.
public struct ZBarScanner: Sendable {
  /// One symbol zbar found in one image.
  public struct Reading: Sendable, Hashable {
    /// zbar's name of the symbology (`EAN-13`, `EAN-8`, `UPC-A`, `CODE-128`, `QR-Code`).
    ///
    /// zbar reports a UPC-A as the EAN-13 of its digits after a 0 unless it runs with
    /// `-Supca.enable`; with it, an EAN-13 that starts with 0 is reported as UPC-A. GS1-128
    /// is `CODE-128` with the modifier `GS1`.
    public var type: String
    /// The text it decoded: for GS1-128 without the leading FNC1, each other FNC1 as GS
    /// (U+001D).
    public var text: String
    /// zbar's modifiers of the symbol, from its XML (`GS1` for a Code 128 that starts with
    /// FNC1); empty for most symbols.
    public var modifiers: [String]

    /// A reading.
    public init(type: String, text: String, modifiers: [String] = []) {
      self.type = type
      self.text = text
      self.modifiers = modifiers
    }
  }

  /// What went wrong in running the scanner itself.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// The executable.
  public let executable: URL

  /// Whether CI asked for the scanner: then its absence is a failure.
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["LOYALTY_REQUIRE_SCANNER"] == "1"
  }

  /// The scanner on `PATH`, or `nil`.
  public static func find() -> ZBarScanner? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("zbarimg")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return ZBarScanner(executable: candidate)
      }
    }
    return nil
  }

  /// Whether the scanner's tests run: the scanner is here, or CI requires it (and the test
  /// then fails on its absence).
  public static var shouldRun: Bool { isRequired || find() != nil }

  /// The scanner, or a failure saying how to install it.
  public static func required() throws -> ZBarScanner {
    guard let scanner = find() else {
      throw Failure(description: "zbarimg not found on PATH: install zbar-tools")
    }
    return scanner
  }

  /// Scans each image (file name and bytes; the name's extension tells zbar the format) and
  /// returns, by name, every symbol found in it, in zbar's order. An image where zbar found
  /// nothing has an empty list. `options` go to zbarimg before the files (`-Supca.enable`).
  public func scan(_ images: [(name: String, data: Data)], options: [String] = []) async throws
    -> [String: [Reading]]
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("loyalty-zbar-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    // The files are written and removed with POSIX calls: Foundation's take a few
    // milliseconds a file on Linux, seconds for a thousand images.
    var written: [String] = []
    defer {
      for path in written { unlink(path) }
      try? FileManager.default.removeItem(at: directory)
    }
    var results: [String: [Reading]] = [:]
    for image in images {
      let path = directory.appendingPathComponent(image.name).path
      try Self.write(image.data, to: path)
      written.append(path)
      results[image.name] = []
    }
    // A few hundred files per run keeps the command line short.
    for start in stride(from: 0, to: written.count, by: 200) {
      let files = Array(written[start..<min(start + 200, written.count)])
      let xml = String(decoding: try await run(["--xml", "-q"] + options + files), as: UTF8.self)
      var sources = Self.parse(xml)
      // zbar writes a text with a byte in 0x7F...0x9F as base64 in its XML, and its base64
      // corrupts every byte above 0x7F: such texts are read again from its raw output.
      if xml.contains("format='base64'") {
        let raw = try await run(["--raw", "-q"] + options + files)
        sources = try Self.replacingTexts(of: sources, withRaw: raw)
      }
      for (path, readings, _) in sources {
        results[URL(fileURLWithPath: path).lastPathComponent, default: []] += readings
      }
    }
    return results
  }

  /// Writes `data` to a new file at `path`.
  private static func write(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw Failure(description: "cannot create \(path)") }
    defer { close(descriptor) }
    let count = data.withUnsafeBytes { bytes in
      bytes.isEmpty ? 0 : Foundation.write(descriptor, bytes.baseAddress, bytes.count)
    }
    guard count == data.count else { throw Failure(description: "cannot write \(path)") }
  }

  /// Runs zbarimg and returns its standard output; its exit status 4 ("no symbol found" in
  /// some image) is an answer, not a failure.
  private func run(_ arguments: [String]) async throws -> Data {
    let finished = try await TestHelperProcess.run(executable, arguments)
    guard finished.status == 0 || finished.status == 4 else {
      throw Failure(description: "zbarimg exited \(finished.status): \(finished.error)")
    }
    return finished.outputData
  }

  /// The symbols of zbar's XML output, by the source file they were found in, each with the
  /// length in bytes of its data as zbar prints it raw.
  public static func parse(_ xml: String) -> [(String, [Reading], [Int])] {
    var sources: [(String, [Reading], [Int])] = []
    for part in xml.components(separatedBy: "<source href='").dropFirst() {
      guard let quote = part.firstIndex(of: "'") else { continue }
      let path = String(part[..<quote])
      var readings: [Reading] = []
      var lengths: [Int] = []
      for symbol in part.components(separatedBy: "<symbol type='").dropFirst() {
        guard let typeEnd = symbol.firstIndex(of: "'"),
          let dataStart = symbol.range(of: "<data"),
          let cdataStart = symbol.range(
            of: "<![CDATA[", range: dataStart.upperBound..<symbol.endIndex),
          let cdataEnd = symbol.range(
            of: "]]></data>", range: cdataStart.upperBound..<symbol.endIndex)
        else { continue }
        let attributes = symbol[dataStart.upperBound..<cdataStart.lowerBound]
        var text = String(symbol[cdataStart.upperBound..<cdataEnd.lowerBound])
        var length = text.utf8.count
        if attributes.contains("format='base64'") {
          let bytes = Data(base64Encoded: text.filter { !$0.isWhitespace }) ?? Data()
          text = String(decoding: bytes, as: UTF8.self)
          length = Self.attribute("length", in: attributes).flatMap { Int($0) } ?? bytes.count
        }
        let modifiers =
          Self.attribute("modifiers", in: symbol[..<dataStart.lowerBound])?
          .split(separator: " ").map(String.init) ?? []
        readings.append(
          Reading(type: String(symbol[..<typeEnd]), text: text, modifiers: modifiers))
        lengths.append(length)
      }
      sources.append((path, readings, lengths))
    }
    return sources
  }

  /// The value of the attribute `name` in an XML tag's text, or `nil`.
  private static func attribute(_ name: String, in tag: Substring) -> String? {
    guard let start = tag.range(of: "\(name)='"),
      let end = tag[start.upperBound...].firstIndex(of: "'")
    else { return nil }
    return String(tag[start.upperBound..<end])
  }

  /// `sources` with each text taken from zbar's raw output, which prints every symbol's
  /// data in the same order, each followed by a line feed: the XML's lengths cut it, so a
  /// text holding line feeds is cut right too.
  public static func replacingTexts(
    of sources: [(String, [Reading], [Int])], withRaw raw: Data
  ) throws -> [(String, [Reading], [Int])] {
    let bytes = [UInt8](raw)
    var offset = 0
    var replaced = sources
    for (sourceIndex, source) in sources.enumerated() {
      for (index, length) in source.2.enumerated() {
        guard offset + length < bytes.count, bytes[offset + length] == UInt8(ascii: "\n") else {
          throw Failure(description: "zbar's raw output does not match its XML at \(source.0)")
        }
        let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        replaced[sourceIndex].1[index].text = text
        offset += length + 1
      }
    }
    return replaced
  }
}
