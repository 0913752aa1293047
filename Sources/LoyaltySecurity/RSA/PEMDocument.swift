import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One PEM block (RFC 7468), checked and normalised before OpenSSL decodes it.
struct PEMDocument {
  /// The label between `-----BEGIN ` and `-----`: `PUBLIC KEY`, `RSA PRIVATE KEY`, ...
  let label: String
  /// The block alone, with `\n` line endings, as OpenSSL's PEM decoder expects it.
  let text: String

  /// Finds the first PEM block in `pem`; text around it is ignored.
  /// - Parameter kind: `public` or `private`, for messages.
  /// - Throws: ``LoyaltyError/Code/invalidPEM`` when there is no complete block, it has
  ///   encryption headers, or its body is not base64.
  init(_ pem: String, kind: String) throws {
    let lines =
      pem
      .replacing("\r\n", with: "\n")
      .replacing("\r", with: "\n")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingWhitespaces() }
    guard lines.contains(where: { !$0.isEmpty }) else {
      throw LoyaltyError(
        .invalidPEM, "The PEM document for the RSA \(kind) key is empty.",
        recoverySuggestion: "Pass the key's PEM text, starting with -----BEGIN.")
    }
    guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
      lines[begin].hasSuffix("-----"), lines[begin].count > "-----BEGIN ----------".count
    else {
      throw LoyaltyError(
        .invalidPEM, "The text is not PEM: it has no -----BEGIN ...----- line.",
        recoverySuggestion: "Pass the key's PEM text, starting with -----BEGIN.")
    }
    let label = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast("-----".count))
    let endLine = "-----END \(label)-----"
    guard let end = lines[(begin + 1)...].firstIndex(of: endLine) else {
      throw LoyaltyError(
        .invalidPEM,
        "The PEM document has no '\(endLine)' line; it looks truncated.",
        recoverySuggestion: "Check that the PEM was copied whole, including the END line.",
        metadata: ["label": label])
    }
    let body = lines[(begin + 1)..<end].filter { !$0.isEmpty }
    if body.contains(where: { $0.contains(":") }) {
      throw LoyaltyError(
        .invalidPEM,
        "The PEM document has headers (such as Proc-Type: 4,ENCRYPTED); encrypted keys are "
          + "not supported.",
        recoverySuggestion: "Export the key without a passphrase.",
        metadata: ["label": label])
    }
    let base64 = body.joined()
    guard !base64.isEmpty, Data(base64Encoded: base64) != nil else {
      throw LoyaltyError(
        .invalidPEM,
        "The body of the PEM document is not valid base64; it looks truncated or damaged.",
        recoverySuggestion: "Check that the PEM was copied whole, including every line.",
        metadata: ["label": label])
    }
    self.label = label
    self.text = ([lines[begin]] + body + [endLine]).joined(separator: "\n") + "\n"
  }
}
