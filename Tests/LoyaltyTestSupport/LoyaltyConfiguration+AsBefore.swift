public import LoyaltyCore

extension LoyaltyConfiguration {
  /// Turns analytics and the device registration at start back on, for tests written
  /// when the testing preset started with both on: it now starts with both off, as the
  /// seed's does (seed 000 lines 1140-1150).
  public mutating func turnOnAnalyticsAndRegistration() {
    privacy.enabled.insert(.analytics)
    device.registersAtStart = true
  }
}
