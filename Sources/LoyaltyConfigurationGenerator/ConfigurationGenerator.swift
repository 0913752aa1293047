public import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a `loyalty.json` into the Swift file a host target compiles, or into
/// diagnostics that point at the line and column of each field at fault.
///
/// The file is decoded by `LoyaltyConfiguration`'s own `Decodable` conformance and checked
/// by `LoyaltyConfiguration.validationErrors()`, the rules `validate()` applies at run
/// time; nothing here repeats them. Where a field or a syntax error is comes from the SDK's
/// own JSON parser (LoyaltyCore's `JSONTape` keeps the byte offset of every key and
/// value); nothing here scans JSON either.
public struct ConfigurationGenerator: Sendable {
  /// The `apiKey` value replaced by the build's `LOYALTY_API_KEY`.
  public static let apiKeyPlaceholder = "$LOYALTY_API_KEY"

  /// The value of `LOYALTY_API_KEY` at build time, if set.
  public var apiKey: String?

  /// Creates a generator.
  public init(apiKey: String?) {
    self.apiKey = apiKey
  }

  /// Validates a configuration file's text and renders the Swift accessor for it.
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - path: The file's path, as diagnostics name it.
  /// - Throws: ``ConfigurationDiagnostics``, one per problem.
  public func generate(text: String, path: String) throws(ConfigurationDiagnostics) -> String {
    let configuration = try configuration(text: text, path: path)
    let json: Data
    do {
      json = try configuration.jsonData()
    } catch {
      throw ConfigurationDiagnostics([
        ConfigurationDiagnostic(file: path, location: nil, message: Self.message(error))
      ])
    }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return BundledConfigurationRenderer(
      json: String(decoding: json, as: UTF8.self), sourceName: name
    ).render()
  }

  /// The decoded, validated configuration, the API key substituted.
  /// - Throws: ``ConfigurationDiagnostics``, one per problem.
  public func configuration(
    text: String, path: String
  ) throws(ConfigurationDiagnostics) -> LoyaltyConfiguration {
    // The SDK's parser checks the syntax, says where it breaks, and keeps where each
    // field is written for the diagnostics below.
    let tape: JSONTape
    do {
      tape = try JSONTape(bytes: Array(text.utf8))
    } catch {
      throw ConfigurationDiagnostics([
        ConfigurationDiagnostic(
          file: path, location: SourceLocation(error.position),
          message: "The configuration is not valid JSON: \(error.reason).")
      ])
    }
    var configuration: LoyaltyConfiguration
    do {
      configuration = try JSONDecoder().decode(LoyaltyConfiguration.self, from: Data(text.utf8))
    } catch let error as DecodingError {
      throw ConfigurationDiagnostics([
        ConfigurationDiagnostic(
          file: path, location: tape.location(ofField: Self.field(of: error)),
          message: "The configuration JSON is invalid: \(error.loyaltySummary).")
      ])
    } catch {
      throw ConfigurationDiagnostics([
        ConfigurationDiagnostic(file: path, location: nil, message: Self.message(error))
      ])
    }
    if configuration.apiKey == Self.apiKeyPlaceholder {
      guard let apiKey, !apiKey.isEmpty else {
        throw ConfigurationDiagnostics([
          ConfigurationDiagnostic(
            file: path, location: tape.location(ofField: "apiKey"),
            message:
              "apiKey is \"\(Self.apiKeyPlaceholder)\" but LOYALTY_API_KEY is not set at "
              + "build time; set it in the environment of the build.")
        ])
      }
      configuration.apiKey = apiKey
    }
    let errors = configuration.validationErrors()
    guard errors.isEmpty else {
      throw ConfigurationDiagnostics(
        errors.map { error in
          let location = error.metadata["field"].flatMap(tape.location(ofField:))
          return ConfigurationDiagnostic(
            file: path, location: location, message: Self.message(error))
        })
    }
    return configuration
  }

  /// The field a decoding error is about, named as `JSONTape.location(ofField:)` reads
  /// it: `token.retryDelays[1]`.
  static func field(of error: DecodingError) -> String {
    let context: DecodingError.Context?
    switch error {
    case .keyNotFound(_, let keyContext): context = keyContext
    case .typeMismatch(_, let typeContext): context = typeContext
    case .valueNotFound(_, let valueContext): context = valueContext
    case .dataCorrupted(let corruptContext): context = corruptContext
    @unknown default: context = nil
    }
    var path = ""
    for key in context?.codingPath ?? [] {
      if let index = key.intValue {
        path += "[\(index)]"
      } else {
        path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return path
  }

  /// A `LoyaltyError` as one diagnostic line: the message, the fix, the code.
  static func message(_ error: any Error) -> String {
    guard let error = error as? LoyaltyError else {
      return String(describing: error)
    }
    var text = error.message
    if let suggestion = error.recoverySuggestion {
      text += " \(suggestion)"
    }
    return text + " [LOY-\(error.code.rawValue) \(error.code.name)]"
  }
}
