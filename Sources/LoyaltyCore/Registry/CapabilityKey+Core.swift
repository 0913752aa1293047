extension CapabilityKey where Value == any HTTPTransport {
  /// The transport every request goes through. LoyaltyURLSession provides one on
  /// URLSession (`NetworkModule(transport: .urlSession)`); override it to record, replay
  /// or route traffic, or to bring a transport of your own.
  public static var httpTransport: Self {
    Self(
      "loyalty.http-transport", summary: "an HTTP transport",
      providedBy: "NetworkModule(transport: .urlSession) from LoyaltyURLSession")
  }
}

extension CapabilityKey where Value == any TokenStore {
  /// Where the session's tokens live. Core provides ``InMemoryTokenStore``;
  /// LoyaltyStore provides a persistent one.
  public static var tokenStore: Self {
    Self(
      "loyalty.token-store", summary: "a token store",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}

extension CapabilityKey where Value == any KeyValueStore {
  /// Where preferences and small state live. Core provides
  /// ``InMemoryKeyValueStore``; LoyaltyStore provides a persistent one.
  public static var keyValueStore: Self {
    Self(
      "loyalty.key-value-store", summary: "a key-value store",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}

extension CapabilityKey where Value == any FieldCipher {
  /// Encrypts fields at rest. Optional: without it, stores keep values in clear.
  public static var fieldCipher: Self {
    Self(
      "loyalty.field-cipher", summary: "a field cipher",
      providedBy: "SecurityModule() from LoyaltySecurity")
  }
}

extension CapabilityKey where Value == any EventSink {
  /// Receives the SDK's events. Optional: without it, events are not delivered.
  public static var eventSink: Self {
    Self(
      "loyalty.event-sink", summary: "an event sink",
      providedBy: "EventsModule() from LoyaltyEvents")
  }
}

extension CapabilityKey where Value == any LoyaltyClock {
  /// The source of time. Core provides ``SystemClock``.
  public static var clock: Self {
    Self("loyalty.clock", summary: "a clock", providedBy: "LoyaltyCore (always present)")
  }
}

extension CapabilityKey where Value == any LogHandler {
  /// Where log records go. Core provides ``StandardErrorLogHandler``.
  public static var logHandler: Self {
    Self(
      "loyalty.log-handler", summary: "a log handler",
      providedBy: "LoyaltyCore (always present)")
  }
}

extension CapabilityKey where Value == any KeyStore {
  /// Where the field cipher's keys live. LoyaltySecurity provides a file key store.
  public static var keyStore: Self {
    Self(
      "loyalty.key-store", summary: "a key store",
      providedBy: "SecurityModule() from LoyaltySecurity")
  }
}

extension CapabilityKey where Value == any RequestSigner {
  /// Computes `loyalty-signature`. LoyaltySecurity provides SHA-256 and HMAC signers.
  public static var requestSigner: Self {
    Self(
      "loyalty.request-signer", summary: "a request signer",
      providedBy: "SecurityModule() from LoyaltySecurity")
  }
}

extension CapabilityKey where Value == any EventQueue {
  /// The analytics offline queue. Core provides ``InMemoryEventQueue``; LoyaltyStore
  /// provides a durable one.
  public static var eventQueue: Self {
    Self(
      "loyalty.event-queue", summary: "an event queue",
      providedBy: "StoreModule() from LoyaltyStore")
  }
}

extension CapabilityKey where Value == any AnalyticsUploader {
  /// Sends analytics batches. LoyaltyNetwork provides one.
  public static var analyticsUploader: Self {
    Self(
      "loyalty.analytics-uploader", summary: "an analytics uploader",
      providedBy: "NetworkModule(transport: .urlSession) from LoyaltyNetwork and LoyaltyURLSession")
  }
}

extension CapabilityKey where Value == any AnalyticsTracker {
  /// Records analytics events. LoyaltyEvents provides the pipeline.
  public static var analytics: Self {
    Self(
      "loyalty.analytics", summary: "an analytics pipeline",
      providedBy: "EventsModule() from LoyaltyEvents")
  }
}
