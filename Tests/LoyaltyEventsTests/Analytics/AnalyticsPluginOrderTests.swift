import Foundation
import LoyaltyCore
import LoyaltyEvents
import Testing

/// Plugins run by stage, and within a stage in the order they were added: sorting by
/// stage must never reorder plugins of the same stage.
@Suite("Analytics plugins of one stage")
struct AnalyticsPluginOrderTests {
  @Test("plugins of the same stage keep the order they were added in")
  func sameStage() async {
    let pipeline = AnalyticsPipelineTests.pipeline(nil, queue: InMemoryEventQueue())
    for name in ["b1", "b2", "b3"] {
      await pipeline.add(TestPlugin(name: name, stage: .before) { $0 })
    }
    await pipeline.add(TestPlugin(name: "e1", stage: .enrichment) { $0 })
    await pipeline.add(TestPlugin(name: "b4", stage: .before) { $0 })
    await pipeline.add(TestPlugin(name: "e2", stage: .enrichment) { $0 })
    #expect(await pipeline.pluginNames == ["b1", "b2", "b3", "b4", "e1", "e2"])
  }
}
