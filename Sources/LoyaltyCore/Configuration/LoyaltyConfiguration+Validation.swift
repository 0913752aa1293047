extension LoyaltyConfiguration {
  /// Checks every setting.
  /// - Throws: The first problem found, as a ``LoyaltyError`` with a configuration
  ///   code, a description and a recovery suggestion. ``validationErrors()`` lists all.
  public func validate() throws {
    if let first = validationErrors().first {
      throw first
    }
  }

  /// Every problem with the configuration, in field order; empty when it is valid.
  public func validationErrors() -> [LoyaltyError] {
    var errors: [LoyaltyError] = []
    let uuid = appUUID.replacing("-", with: "")
    if appUUID.trimmingWhitespaces().isEmpty {
      errors.appendSetting(
        .missingAppUUID, field: "appUUID", "appUUID is empty.",
        "Set appUUID to the 32-character hexadecimal id of your app.")
    } else if uuid.count != 32 || !uuid.allSatisfy(\.isHexDigit) {
      errors.appendSetting(
        .invalidAppUUID, field: "appUUID", "appUUID is not 32 hexadecimal characters.",
        "Copy the app UUID exactly as the loyalty console shows it.")
    }
    if bundleID.isEmpty
      || !bundleID.utf8.allSatisfy(Self.isBundleIDByte)
    {
      // Path separators (`/`, `\`) and NUL are not in the allowed characters.
      errors.appendSetting(
        .invalidBundleID, field: "bundleID",
        "bundleID \"\(bundleID)\" is empty or has invalid characters; it names the SDK's "
          + "directory and database file, so it may not contain a path separator.",
        "Use a reverse-DNS identifier such as com.example.app.")
    } else if bundleID == "." || bundleID == ".." {
      errors.appendSetting(
        .invalidBundleID, field: "bundleID",
        "bundleID \"\(bundleID)\" is a relative path component; as the name of the SDK's "
          + "directory it would point at the directory itself or its parent.",
        "Use a reverse-DNS identifier such as com.example.app.")
    }
    if language.count != 2 || !language.allSatisfy({ $0.isASCII && $0.isLowercase }) {
      errors.appendSetting(
        .invalidLanguage, field: "language", "language \"\(language)\" is not a two-letter code.",
        "Use a lower-case ISO 639-1 code such as \"el\" or \"en\".")
    }
    if case .custom(let url) = environment {
      let scheme = url.scheme?.lowercased()
      if scheme != "http" && scheme != "https" || (url.host ?? "").isEmpty {
        errors.appendSetting(
          .invalidBaseURL, field: "environment",
          "The custom base URL \(url.absoluteString) is not an http(s) URL.",
          "Use an absolute URL such as https://loyalty.example.com.")
      }
    }
    errors += database.validationErrors()
    errors += token.validationErrors()
    errors += network.validationErrors()
    errors += device.validationErrors()
    errors += privacy.validationErrors()
    errors += cache.validationErrors()
    return errors
  }

  /// A to Z, a to z, 0 to 9, `.`, `-` and `_`, as UTF-8: a byte of any other character,
  /// or of a character outside ASCII, is not one of them.
  private static func isBundleIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
      UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
