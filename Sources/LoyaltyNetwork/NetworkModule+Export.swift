public import LoyaltyCore

/// The network's section of ``LoyaltyCore/LoyaltyClient/exportData()``.
extension NetworkModule {
  /// The device as the standard headers describe it, and the device information
  /// registration would send now (the push token masked).
  public func exportData(_ instance: Running, context: ModuleContext) async -> JSONValue? {
    var section: [String: JSONValue] = [:]
    do {
      var info = try await instance.deviceRegistration.currentDeviceInfo()
      let token = info.deviceToken
      info.deviceToken = nil
      var fields = try JSONValue(parsing: try DeviceRegistration.encoded(info))
      if case .object(var members) = fields {
        members["device_token"] = token.map(JSONValue.maskedSecret) ?? .null
        fields = .object(members)
      }
      section["deviceInformation"] = fields
    } catch {
      context.logger.error("The device information could not be read for the export: \(error)")
      section["error"] = .string("The device information could not be read.")
    }
    return .object(section)
  }
}
