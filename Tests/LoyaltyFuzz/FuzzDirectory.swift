import Foundation
import LoyaltyCore
import LoyaltyDirectory
import LoyaltyNetwork

/// A directory manifest answer, HTTP 200, read as the snapshot sync reads it: what is
/// accepted must name a file the sync can check, and write back to itself.
enum FuzzDirectory {
  static func run(_ data: Data) {
    do {
      let envelope = try ResponseEnvelope(httpStatus: 200, body: data)
      let manifest = try DirectoryManifest(json: .object(envelope.fields))
      check(
        manifest.sha256.utf8.count == 64
          && manifest.sha256.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
              || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          },
        "a sha256 that is not 64 lowercase hex digits was accepted: \(manifest.sha256)")
      check(manifest.size > 0, "a manifest with a size of \(manifest.size) was accepted")
      let again = try DirectoryManifest(json: manifest.json)
      check(again == manifest, "the manifest did not survive writing back: \(manifest)")
    } catch let error as LoyaltyError {
      _ = error.description
    } catch {
      check(false, "the manifest threw an error that is not a LoyaltyError: \(error)")
    }
  }
}
