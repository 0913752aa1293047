#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PEMDocument {
  /// The number of base64 characters on each line of the body, as OpenSSL writes it.
  static let base64LineLength = 64

  /// The DER bytes of the block: its base64 body, decoded.
  ///
  /// ``init(_:kind:)`` has checked that the body is base64, so this is never empty for a
  /// document it made.
  var der: Data {
    let lines = text.split(separator: "\n")
    return Data(base64Encoded: lines.dropFirst().dropLast().joined()) ?? Data()
  }

  /// A PEM document as OpenSSL writes it: `-----BEGIN label-----`, the base64 of `der`
  /// in lines of 64 characters, `-----END label-----`, each line ending with `\n`.
  /// - Parameters:
  ///   - label: The label: `PUBLIC KEY`, `RSA PRIVATE KEY`, ...
  ///   - der: The DER bytes of the body.
  /// - Returns: The PEM text.
  static func encode(label: String, der: Data) -> String {
    let base64 = Array(der.base64EncodedString().utf8)
    var text = "-----BEGIN \(label)-----\n"
    for start in stride(from: 0, to: base64.count, by: base64LineLength) {
      let line = base64[start..<min(start + base64LineLength, base64.count)]
      text += String(decoding: line, as: UTF8.self) + "\n"
    }
    return text + "-----END \(label)-----\n"
  }
}
