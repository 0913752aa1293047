#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Formats `arguments` with the C `printf` format `format` (`%d`, `%06d`, `%.2f`,
  /// ...; not `%@`), as `String(format:)` does without a locale.
  package init(cFormat format: String, _ arguments: any CVarArg...) {
    let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
    guard length > 0 else {
      self = ""
      return
    }
    var buffer = [CChar](repeating: 0, count: Int(length) + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
    self = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
