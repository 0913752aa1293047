extension LoyaltyConfiguration {
  /// The four presets, with the values of the platform's reference SDK.
  ///
  /// | preset | encryption | log level | request timeout | token retries | analytics | device registration at start | cellular |
  /// |---|---|---|---|---|---|---|---|
  /// | development | off | verbose | 15 s | 2 | on | on | allowed |
  /// | production | on | warning | 30 s | 3 | on | on | allowed |
  /// | testing | off | error | 5 s | 1 | off | off | allowed |
  /// | highSecurity | on | error | 20 s | 2 | on | on | Wi-Fi only |
  ///
  /// The testing preset turns analytics and the device registration at start off, as the
  /// reference SDK's does (seed 000 lines 1140-1150): a test that needs either turns it
  /// back on (`privacy.enabled.insert(.analytics)`, `device.registersAtStart = true`).
  public enum Preset: String, Sendable, Codable, CaseIterable {
    /// Local development: full logging, no encryption.
    case development
    /// Release builds.
    case production
    /// Unit and integration tests: short timeouts, one retry, quiet logs.
    case testing
    /// Sensitive environments: encryption, quiet logs, fewer retries, Wi-Fi only.
    case highSecurity

    /// The preset's database settings.
    public var database: DatabaseConfiguration {
      switch self {
      case .development, .testing: DatabaseConfiguration(encryptionEnabled: false)
      case .production, .highSecurity: DatabaseConfiguration(encryptionEnabled: true)
      }
    }

    /// The preset's token settings.
    public var token: TokenConfiguration {
      switch self {
      case .development: TokenConfiguration(maxRetryAttempts: 2, retryDelays: [0, 1])
      case .production: TokenConfiguration()
      case .testing:
        TokenConfiguration(
          maxRetryAttempts: 1, retryDelays: [0.1], refreshTimeout: 5, loginTimeout: 5)
      case .highSecurity:
        TokenConfiguration(
          maxRetryAttempts: 2, retryDelays: [0, 2], circuitBreakerThreshold: 3,
          refreshTimeout: 20, loginTimeout: 20)
      }
    }

    /// The preset's network settings.
    public var network: NetworkConfiguration {
      switch self {
      case .development: NetworkConfiguration(requestTimeout: 15, resourceTimeout: 30)
      case .production: NetworkConfiguration()
      case .testing:
        NetworkConfiguration(
          requestTimeout: 5, resourceTimeout: 10, maxRetryAttempts: 1, retryBaseDelay: 0.1,
          retryMaxDelay: 1)
      case .highSecurity:
        NetworkConfiguration(
          requestTimeout: 20, resourceTimeout: 40, maxRetryAttempts: 2,
          allowsCellularAccess: false)
      }
    }

    /// Whether analytics starts on (``PrivacyFeatures/analytics`` in the privacy
    /// default): off for ``testing`` only.
    public var analyticsEnabled: Bool { self != .testing }

    /// Whether the client registers the device at start
    /// (``DeviceConfiguration/registersAtStart``): off for ``testing`` only.
    public var registersDeviceAtStart: Bool { self != .testing }

    /// The preset's logging settings.
    public var logging: LoggingConfiguration {
      switch self {
      case .development:
        LoggingConfiguration(
          level: .verbose, networkLogging: true, databaseLogging: true, tokenLogging: true)
      case .production: LoggingConfiguration(level: .warning)
      case .testing, .highSecurity: LoggingConfiguration(level: .error)
      }
    }
  }

  /// A copy with every subsystem set to `preset`, keeping the identity and environment.
  ///
  /// The device's overrides and the privacy default are kept, except what the preset
  /// decides: ``DeviceConfiguration/registersAtStart`` takes the preset's
  /// ``Preset/registersDeviceAtStart``, and a preset with analytics off
  /// (``Preset/testing``) removes ``PrivacyFeatures/analytics`` from the privacy default.
  /// A preset never adds a privacy feature the host removed.
  public func applying(_ preset: Preset) -> LoyaltyConfiguration {
    var copy = self
    copy.database = preset.database
    copy.token = preset.token
    copy.network = preset.network
    copy.logging = preset.logging
    copy.device.registersAtStart = preset.registersDeviceAtStart
    if !preset.analyticsEnabled {
      copy.privacy.enabled.remove(.analytics)
    }
    return copy
  }
}
