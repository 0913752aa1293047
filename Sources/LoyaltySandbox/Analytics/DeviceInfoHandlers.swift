import LoyaltyCore

/// `POST /api/async/info/{appUUID}/` `{"device_info": {...}}`: the latest info is kept per
/// `unique_device_id`.
enum DeviceInfoHandlers {
  static func register(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard case .object(let info)? = call.fields["device_info"] else {
      return .badField("device_info", "must be an object")
    }
    guard let deviceID = info["unique_device_id"]?.stringValue, !deviceID.isEmpty else {
      return .badField("device_info.unique_device_id", "is required")
    }
    state.devices[deviceID] = .object(info)
    state.counters.deviceInfoUpdates += 1
    return .ok()
  }
}
