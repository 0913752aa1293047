import LoyaltyCore
import Testing

@testable import LoyaltyDoctorKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@Suite struct DoctorOptionsTests {
  @Test func readsEveryFlag() throws {
    let options = try DoctorOptions.parse([
      "--base-url", "http://127.0.0.1:8080", "--timeout", "2.5", "--package-dir", "/pkg",
      "--search-dir", "/pkg/Sources/App", "--search-dir", "/pkg/Sources/Lib",
      "--links", "App=LoyaltyCore,LoyaltyNetwork", "--links", "Lib=",
      "--config", "Sources/App/loyalty.json",
    ])
    #expect(options.baseURL?.absoluteString == "http://127.0.0.1:8080")
    #expect(options.timeout == 2.5)
    #expect(options.searchDirectories.map(\.path) == ["/pkg/Sources/App", "/pkg/Sources/Lib"])
    #expect(options.links == ["App": ["LoyaltyCore", "LoyaltyNetwork"], "Lib": []])
    // A relative --config resolves against the package, not the plugin's directory.
    #expect(options.configFile?.path == "/pkg/Sources/App/loyalty.json")
  }

  @Test func defaultsWithoutFlags() throws {
    let options = try DoctorOptions.parse([])
    #expect(options.timeout == 10)
    #expect(options.configFile == nil)
    #expect(options.links == nil)
  }

  @Test(arguments: [
    ["--base-url", "ftp://example.com"], ["--base-url", "not a url"], ["--timeout", "0"],
    ["--timeout", "soon"], ["--config"], ["--verbose", "yes"],
  ])
  func refusesBadArguments(arguments: [String]) {
    #expect(throws: LoyaltyError.self) { try DoctorOptions.parse(arguments) }
  }
}
