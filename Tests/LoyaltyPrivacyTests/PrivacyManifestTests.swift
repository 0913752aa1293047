import Foundation
import Testing

/// Each product's `PrivacyInfo.xcprivacy` is a valid manifest and declares exactly the
/// required-reason APIs its sources call: a new call without its reason fails here.
@Suite("Privacy manifests")
struct PrivacyManifestTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Apple's required-reason API categories: the calls that belong to each (as they
  /// appear in Swift source), and the reasons documented for it.
  static let categories: [String: (calls: [String], reasons: Set<String>)] = [
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
      [
        #"\bstat\("#, #"\bfstat\("#, #"\blstat\("#, #"\bfstatat\("#, #"getattrlist"#,
        #"\.creationDate\b"#, #"\.modificationDate\b"#, #"fileModificationDate"#,
        #"contentModificationDateKey"#, #"creationDateKey"#,
      ], ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]
    ),
    "NSPrivacyAccessedAPICategorySystemBootTime": (
      [#"systemUptime"#, #"mach_absolute_time"#], ["35F9.1", "8FFB.1", "3D61.1"]
    ),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
      [
        #"volumeAvailableCapacity"#, #"volumeTotalCapacity"#, #"systemFreeSize"#,
        #"systemSize"#, #"\bstatfs\("#, #"\bstatvfs\("#, #"\bfstatfs\("#, #"\bfstatvfs\("#,
      ], ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
    ),
    "NSPrivacyAccessedAPICategoryUserDefaults": (
      [#"\bUserDefaults\b"#], ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
    ),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (
      [#"activeInputModes"#], ["3EC4.1", "54BD.1"]
    ),
  ]

  static let dataTypes: Set<String> = [
    "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo",
    "Health", "Fitness", "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation",
    "CoarseLocation", "SensitiveInfo", "Contacts", "EmailsOrTextMessages", "PhotosorVideos",
    "AudioData", "GameplayContent", "CustomerSupport", "OtherUserContent", "BrowsingHistory",
    "SearchHistory", "UserID", "DeviceID", "PurchaseHistory", "ProductInteraction",
    "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData", "OtherDiagnosticData",
    "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
  ].reduce(into: []) { $0.insert("NSPrivacyCollectedDataType" + $1) }

  static let purposes: Set<String> = [
    "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization",
    "AppFunctionality", "Other",
  ].reduce(into: []) { $0.insert("NSPrivacyCollectedDataTypePurpose" + $1) }

  /// The library products of Package.swift.
  static func products() throws -> [String] {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #"\.library\(name: "([A-Za-z]+)""#)
    return pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
      .compactMap { Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) } }
  }

  /// The required-reason categories the product's sources call, comments left out.
  static func calledCategories(of product: String) throws -> Set<String> {
    let folder = root.appendingPathComponent("Sources/\(product)")
    var code = ""
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      code += text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }.joined(separator: "\n")
    }
    var found: Set<String> = []
    for (category, rule) in categories {
      for call in rule.calls where code.range(of: call, options: .regularExpression) != nil {
        found.insert(category)
      }
    }
    return found
  }

  static func manifest(of product: String) throws -> [String: Any]? {
    let file = root.appendingPathComponent("Sources/\(product)/PrivacyInfo.xcprivacy")
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    let plist = try PropertyListSerialization.propertyList(from: data, format: nil)
    return try #require(plist as? [String: Any], "\(product): not a dictionary")
  }

  @Test("every manifest parses, holds valid keys only, and matches its product's API use")
  func manifestsMatchTheSources() throws {
    let products = try Self.products()
    #expect(products.count >= 13)
    var shipped: [String] = []
    for product in products {
      let called = try Self.calledCategories(of: product)
      guard let manifest = try Self.manifest(of: product) else {
        #expect(called.isEmpty, "\(product) calls \(called.sorted()) but has no manifest")
        continue
      }
      shipped.append(product)
      #expect(
        Set(manifest.keys) == [
          "NSPrivacyTracking", "NSPrivacyTrackingDomains", "NSPrivacyCollectedDataTypes",
          "NSPrivacyAccessedAPITypes",
        ], "\(product)")
      #expect(manifest["NSPrivacyTracking"] as? Bool == false, "\(product)")
      #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true, "\(product)")

      let collected = try #require(manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]])
      for entry in collected {
        #expect(
          Set(entry.keys) == [
            "NSPrivacyCollectedDataType", "NSPrivacyCollectedDataTypeLinked",
            "NSPrivacyCollectedDataTypeTracking", "NSPrivacyCollectedDataTypePurposes",
          ], "\(product)")
        let type = entry["NSPrivacyCollectedDataType"] as? String ?? ""
        #expect(Self.dataTypes.contains(type), "\(product): \(type)")
        #expect(entry["NSPrivacyCollectedDataTypeLinked"] is Bool, "\(product): \(type)")
        #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false, "\(product)")
        let purposes = entry["NSPrivacyCollectedDataTypePurposes"] as? [String] ?? []
        #expect(!purposes.isEmpty && Set(purposes).isSubset(of: Self.purposes), "\(product)")
      }

      let accessed = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
      var declared: Set<String> = []
      for entry in accessed {
        #expect(
          Set(entry.keys) == ["NSPrivacyAccessedAPIType", "NSPrivacyAccessedAPITypeReasons"],
          "\(product)")
        let category = entry["NSPrivacyAccessedAPIType"] as? String ?? ""
        let reasons = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        let known = try #require(Self.categories[category], "\(product): \(category)")
        #expect(!reasons.isEmpty && Set(reasons).isSubset(of: known.reasons), "\(product)")
        declared.insert(category)
      }
      #expect(
        declared == called, "\(product) declares \(declared.sorted()), calls \(called.sorted())")
      #expect(
        !collected.isEmpty || !accessed.isEmpty, "\(product) ships a manifest that says nothing")
    }
    #expect(
      shipped.sorted() == [
        "LoyaltyEvents", "LoyaltyFlows", "LoyaltyMarket", "LoyaltyNetwork", "LoyaltySecurity",
        "LoyaltyStore",
      ])
  }

  @Test("the scan finds a call, and leaves one in a comment alone")
  func scanFindsCalls() throws {
    #expect(
      try Self.calledCategories(of: "LoyaltyStore") == ["NSPrivacyAccessedAPICategoryFileTimestamp"]
    )
    // LoyaltyCore names UserDefaults only in a doc comment.
    #expect(try Self.calledCategories(of: "LoyaltyCore").isEmpty)
  }
}
