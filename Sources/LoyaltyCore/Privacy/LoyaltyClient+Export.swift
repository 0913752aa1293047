/// Exporting what the SDK holds about the user: the answer to an access or portability
/// request.
extension LoyaltyClient {
  /// The name of the export's format, its `format` member.
  public static let dataExportFormat = "loyalty-sdk-data-export"

  /// One JSON document of everything the SDK holds about the user on this device, with
  /// secrets (tokens, keys) named and their values masked:
  ///
  /// - `format` (``dataExportFormat``), `formatVersion` (1), `exportedAt`;
  /// - `app`: the app and bundle it was exported from;
  /// - `privacy`: the enabled features, whether the user chose them, the default;
  /// - `modules`: a section per module that holds something, by product
  ///   (``LoyaltyModule/exportData(_:context:)``): the store's preferences (the device
  ///   id, the push token masked, the geofence state and the notification history), the
  ///   session's tokens (masked) and the queued analytics events; the network's device
  ///   identity and the device information registration sends; the market's cached
  ///   coupons;
  /// - `logFiles`: the log files on the device (``LoggingConfiguration/fileLogging``),
  ///   each as its `path` and `size` in bytes, current file first.
  ///
  /// `Docs/Privacy.md` describes each member.
  /// - Returns: The document; `try export.jsonData()` gives its bytes.
  /// - Throws: ``LoyaltyError/Code/clientShutDown`` after ``shutdown()``, or what reading
  ///   the privacy choice throws.
  public func exportData() async throws -> JSONValue {
    try ensureRunning()
    let privacy = try self.privacy
    var sections: [String: JSONValue] = [:]
    for module in registered {
      if let section = await module.exportData(context(for: module)) {
        sections[module.identifier.product] = section
      }
    }
    let clock = try resolve(.clock)
    return .object([
      "format": .string(Self.dataExportFormat),
      "formatVersion": .integer(1),
      "exportedAt": .exportDate(clock.now),
      "app": .object([
        "appUUID": .string(configuration.appUUID), "bundleID": .string(configuration.bundleID),
        "merchantID": .string(configuration.merchantID),
      ]),
      "privacy": .object([
        "enabled": .array(try await privacy.enabledFeatures().names.map(JSONValue.string)),
        "userChose": .bool(try await privacy.hasUserChoice()),
        "default": .array(privacy.defaultFeatures.names.map(JSONValue.string)),
      ]),
      "modules": .object(sections),
      "logFiles": .array(await logFiles()),
    ])
  }

  /// The log files in the log directory, current first, each as its path and size.
  private func logFiles() async -> [JSONValue] {
    let directory = configuration.logDirectory
    let maxFiles = configuration.logging.maxFiles
    let files = try? await BlockingExecutor.shared.run {
      FileLogHandler.existingFiles(in: directory, maxFiles: maxFiles).map { file in
        JSONValue.object(["path": .string(file.path), "size": .integer(file.size)])
      }
    }
    return files ?? []
  }
}
