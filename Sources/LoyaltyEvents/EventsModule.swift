public import LoyaltyCore

extension CapabilityKey where Value == EventBus {
  /// The event bus, for subscribing. Products post through ``eventSink`` instead.
  public static var eventBus: Self {
    Self(
      "loyalty.event-bus", summary: "an event bus",
      providedBy: "EventsModule() from LoyaltyEvents")
  }
}

extension CapabilityKey where Value == AnalyticsPipeline {
  /// The analytics pipeline itself: plugins, flushing, statistics. Products record
  /// events through ``analytics`` instead.
  public static var analyticsPipeline: Self {
    Self(
      "loyalty.analytics-pipeline", summary: "an analytics pipeline",
      providedBy: "EventsModule() from LoyaltyEvents")
  }
}

/// The events module: the ``EventBus`` (the client's event sink) and the
/// ``AnalyticsPipeline`` (the client's analytics).
///
/// The pipeline queues events in the client's event queue (durable with LoyaltyStore,
/// in memory without it) and uploads them through the analytics uploader
/// (LoyaltyNetwork); without an uploader events wait in the queue.
///
/// Each client that lists the module gets a bus and a pipeline of its own. At the
/// client's shutdown the pipeline flushes once more and stops, and the bus ends every
/// subscription and stream it handed out.
public struct EventsModule: LoyaltyModule {
  /// What the module runs for one client.
  public struct Running: Sendable {
    /// The client's event bus.
    public let bus: EventBus
    /// The client's analytics pipeline.
    public let pipeline: AnalyticsPipeline
  }

  /// Batching, flushing and retry settings for the pipeline.
  public let analytics: AnalyticsConfiguration

  /// The most events a bus subscription or stream may fall behind before it skips the
  /// oldest (``EventBus/subscriberCapacity``).
  public let busSubscriberCapacity: Int

  /// Creates the module.
  /// - Parameters:
  ///   - analytics: The pipeline's settings.
  ///   - busSubscriberCapacity: The bus's ``EventBus/subscriberCapacity``; 10,000 events
  ///     by default.
  public init(
    analytics: AnalyticsConfiguration = AnalyticsConfiguration(),
    busSubscriberCapacity: Int = EventBus.defaultSubscriberCapacity
  ) {
    self.analytics = analytics
    self.busSubscriberCapacity = busSubscriberCapacity
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyEvents", name: "EventsModule")
  }

  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.eventQueue.erased, CapabilityKey.analyticsUploader.erased,
      CapabilityKey.clock.erased, CapabilityKey.privacyStore.erased,
    ]
  }

  /// Provides the bus (available at once: modules that start earlier post to it) and
  /// the pipeline (once the module has started).
  public func register(in registrar: CapabilityRegistrar<Running>) throws {
    let capacity = busSubscriberCapacity
    registrar.provide(.eventBus) { _ in EventBus(subscriberCapacity: capacity) }
    registrar.provide(.eventSink) { capabilities in try capabilities.resolve(.eventBus) }
    registrar.provide(.analyticsPipeline) { running, _ in running.pipeline }
    registrar.provide(.analytics) { running, _ -> any AnalyticsTracker in running.pipeline }
  }

  /// Creates the pipeline on the client's event queue and starts its flush timer. The
  /// pipeline follows the client's privacy switch for analytics: when it is off, what
  /// is queued is deleted now, and again each time the user turns it off. It flushes
  /// when the app becomes active and when it goes to the background
  /// (``LoyaltyCore/AppLifecycle``).
  public func start(_ context: ModuleContext) async throws -> Running {
    let capabilities = context.capabilities
    let privacy = try capabilities.resolve(.privacy)
    let pipeline = AnalyticsPipeline(
      queue: try capabilities.resolve(.eventQueue),
      uploader: { [weak capabilities] in
        try? capabilities?.resolveIfPresent(.analyticsUploader)
      },
      clock: try capabilities.resolve(.clock),
      configuration: analytics,
      logger: context.logger,
      metrics: try capabilities.metricsRecorder(),
      privacy: privacy)
    let logger = context.logger
    privacy.addObserver { [weak pipeline] change in
      guard let pipeline, change.disabled.contains(.analytics) else { return }
      do {
        try await pipeline.deleteQueuedEvents()
      } catch {
        logger.error("The queued analytics events could not be deleted: \(error)")
      }
    }
    if await !privacy.isEnabled(.analytics) {
      // Off, and perhaps killed before the last deletion finished. A failure does not
      // stop the client: with analytics off nothing is recorded or sent either way, and
      // the next start or change deletes again.
      do {
        try await pipeline.deleteQueuedEvents()
      } catch {
        logger.error("The queued analytics events could not be deleted: \(error)")
      }
    }
    // The app becoming active or going to the background (LoyaltyCore's AppLifecycle)
    // uploads what is queued: before the system suspends the app, and when it returns.
    try capabilities.resolve(.lifecycle).addObserver { [weak pipeline] event in
      switch event {
      case .becameActive, .enteredBackground: await pipeline?.flush()
      case .networkPathChanged, .languageChanged: break
      }
    }
    await pipeline.start()
    return Running(bus: try capabilities.resolve(.eventBus), pipeline: pipeline)
  }

  /// Flushes the pipeline one last time and stops it, then ends every subscription and
  /// stream of the bus.
  public func shutdown(_ running: Running, context: ModuleContext) async {
    await running.pipeline.stop()
    running.bus.finish()
  }
}

extension LoyaltyClient {
  /// The client's event bus.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyEvents/EventsModule`` is not listed.
  public var events: EventBus {
    get throws { try resolve(.eventBus) }
  }

  /// The client's analytics pipeline.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``LoyaltyEvents/EventsModule`` is not listed.
  public var analytics: AnalyticsPipeline {
    get throws { try resolve(.analyticsPipeline) }
  }
}
