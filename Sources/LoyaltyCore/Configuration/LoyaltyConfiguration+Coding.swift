#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension LoyaltyConfiguration {
  /// Decodes a configuration from JSON. Missing sections take production defaults.
  /// - Throws: ``LoyaltyError/Code/configurationCoding`` naming the field at fault.
  public init(jsonData: Data) throws {
    do {
      self = try JSONDecoder().decode(LoyaltyConfiguration.self, from: jsonData)
    } catch let error as DecodingError {
      throw LoyaltyError(
        .configurationCoding, "The configuration JSON is invalid: \(error.loyaltySummary).",
        recoverySuggestion: "Fix the field named above; see Docs/GettingStarted.md.")
    } catch {
      throw LoyaltyError(
        .configurationCoding, "The configuration JSON is invalid.", underlying: error)
    }
  }

  /// Encodes the configuration as pretty-printed JSON with sorted keys.
  ///
  /// The API key is included: store the result where you would store the key.
  public func jsonData() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(self)
    } catch {
      throw LoyaltyError(
        .configurationCoding, "The configuration could not be encoded.", underlying: error)
    }
  }

  /// Loads a configuration from a JSON file.
  /// - Throws: ``LoyaltyError/Code/configurationFile`` when the file cannot be read,
  ///   ``LoyaltyError/Code/configurationCoding`` when it is not a valid configuration.
  public init(contentsOf url: URL) throws {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw LoyaltyError(
        .configurationFile, "The configuration file could not be read.",
        metadata: ["path": url.path], underlying: error)
    }
    try self.init(jsonData: data)
  }

  /// Writes the configuration to a JSON file atomically, readable by its owner only.
  /// - Throws: ``LoyaltyError/Code/configurationFile`` when the file cannot be written.
  public func write(to url: URL) throws {
    let data = try jsonData()
    do {
      try OwnerOnlyFile.write(data, to: url)
    } catch {
      throw LoyaltyError(
        .configurationFile, "The configuration file could not be written.",
        metadata: ["path": url.path], underlying: error)
    }
  }
}
