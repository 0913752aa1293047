import Foundation
import LoyaltyCore
import LoyaltyStore

// The blocks of Docs/Store.md.

private func storeLocations(url: URL) -> [StoreModule] {
  let standard = StoreModule()  // <dataDirectory>/LoyaltyCache_<bundleID>.db
  let chosen = StoreModule(location: .file(url))  // a file of your choice
  let inMemory = StoreModule(location: .inMemory)  // tests and demos
  return [standard, chosen, inMemory]
}
