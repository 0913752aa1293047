import LoyaltyCore

/// `POST /api/async/info/{appUUID}/` `{"device_info": {...}}`, standard auth: the latest
/// info is kept per `unique_device_id`.
///
/// The info is checked against the seed's field names ("Device Info Payload"): the
/// required ones must be there with their types, the optional ones may be absent, and
/// the names earlier SDK versions used (`system_name`, `locale`, `languages`) are
/// refused, so drift from the seed fails here rather than against a real backend.
enum DeviceInfoHandlers {
  /// The seed's fields a registration must carry, with their JSON types.
  static let requiredStrings = [
    "platform", "vendor", "os_version", "unique_device_id", "ios_system_name",
    "ios_system_version", "ios_locale", "bundle_identifier", "sdk_version",
  ]
  /// The seed's fields a registration may leave out when the device does not know them.
  static let optionalStrings = [
    "device_token", "ios_model", "screen_resolution", "app_version", "app_build",
  ]
  /// Names that are not the seed's, with the seed's name for each.
  static let renamed = [
    "system_name": "ios_system_name", "locale": "ios_locale", "languages": "ios_languages",
  ]

  static func register(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard case .object(let info)? = call.fields["device_info"] else {
      return .badField("device_info", "must be an object")
    }
    if let reply = check(info) {
      return reply
    }
    guard let deviceID = info["unique_device_id"]?.stringValue else {
      return .badField("device_info.unique_device_id", "is required")
    }
    state.devices[deviceID] = .object(info)
    state.counters.deviceInfoUpdates += 1
    return .ok()
  }

  /// The 400 answer for the first field that is not as the seed names it, or `nil`.
  static func check(_ info: [String: JSONValue]) -> SandboxReply? {
    for (old, new) in renamed.sorted(by: { $0.key < $1.key }) where info[old] != nil {
      return .badField("device_info.\(old)", "is not the seed's name; send \(new)")
    }
    for name in requiredStrings {
      guard case .string(let value)? = info[name], !value.isEmpty else {
        return .badField("device_info.\(name)", "is required, a non-empty string")
      }
    }
    for name in optionalStrings {
      switch info[name] {
      case nil, .string?: continue
      default: return .badField("device_info.\(name)", "must be a string when present")
      }
    }
    guard case .array(let languages)? = info["ios_languages"],
      languages.allSatisfy({ $0.stringValue != nil })
    else {
      return .badField("device_info.ios_languages", "is required, an array of strings")
    }
    guard case .bool? = info["development"] else {
      return .badField("device_info.development", "is required, a boolean")
    }
    return nil
  }
}
