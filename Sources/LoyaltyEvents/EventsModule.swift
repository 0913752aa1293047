public import LoyaltyCore
import Synchronization

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
public struct EventsModule: LoyaltyModule {
  /// Batching, flushing and retry settings for the pipeline.
  public let analytics: AnalyticsConfiguration
  private let state = EventsModuleState()

  /// Creates the module.
  public init(analytics: AnalyticsConfiguration = AnalyticsConfiguration()) {
    self.analytics = analytics
  }

  public var identifier: ModuleIdentifier {
    ModuleIdentifier(product: "LoyaltyEvents", name: "EventsModule")
  }

  public var provides: [AnyCapabilityKey] {
    [
      CapabilityKey.eventBus.erased, CapabilityKey.eventSink.erased,
      CapabilityKey.analyticsPipeline.erased, CapabilityKey.analytics.erased,
    ]
  }

  public var optionallyUses: [AnyCapabilityKey] {
    [
      CapabilityKey.eventQueue.erased, CapabilityKey.analyticsUploader.erased,
      CapabilityKey.clock.erased,
    ]
  }

  public func register(in registrar: CapabilityRegistrar) throws {
    let configuration = analytics
    let state = state
    registrar.provide(.eventBus) { _ in EventBus() }
    registrar.provide(.eventSink) { capabilities in try capabilities.resolve(.eventBus) }
    registrar.provide(.analyticsPipeline) { capabilities in
      let pipeline = AnalyticsPipeline(
        queue: try capabilities.resolve(.eventQueue),
        uploader: { [weak capabilities] in
          try? capabilities?.resolveIfPresent(.analyticsUploader)
        },
        clock: try capabilities.resolve(.clock),
        configuration: configuration,
        logger: capabilities.logger(label: "LoyaltyEvents"))
      state.created(pipeline)
      return pipeline
    }
    registrar.provide(.analytics) { capabilities -> any AnalyticsTracker in
      try capabilities.resolve(.analyticsPipeline)
    }
  }

  /// Starts the pipeline's flush timer once the pipeline is first used.
  public func start(_ context: ModuleContext) async throws {
    state.startTimersOnCreation()
  }

  /// Flushes the pipeline one last time and stops it.
  public func shutdown(_ context: ModuleContext) async {
    if let pipeline = state.pipeline {
      await pipeline.stop()
    }
  }
}

/// The pipeline a running module created, if any.
final class EventsModuleState: Sendable {
  private struct State {
    var pipeline: AnalyticsPipeline?
    var startTimers = false
  }

  private let state = Mutex(State())

  var pipeline: AnalyticsPipeline? { state.withLock { $0.pipeline } }

  func created(_ pipeline: AnalyticsPipeline) {
    let start = state.withLock { state -> Bool in
      state.pipeline = pipeline
      return state.startTimers
    }
    if start {
      Task { await pipeline.start() }
    }
  }

  func startTimersOnCreation() {
    let pipeline = state.withLock { state -> AnalyticsPipeline? in
      state.startTimers = true
      return state.pipeline
    }
    if let pipeline {
      Task { await pipeline.start() }
    }
  }
}

extension LoyaltyClient {
  /// The client's event bus.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``EventsModule`` is not listed.
  public var events: EventBus {
    get throws { try resolve(.eventBus) }
  }

  /// The client's analytics pipeline.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/capabilityUnavailable`` when
  ///   ``EventsModule`` is not listed.
  public var analytics: AnalyticsPipeline {
    get throws { try resolve(.analyticsPipeline) }
  }
}
