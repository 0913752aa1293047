import Foundation
import LoyaltyCore
import LoyaltyLocation
import LoyaltyNetwork

/// A `shops.retrieve_pois` answer, HTTP 200, through the sync's endpoint: what is kept
/// must be usable, whatever the bytes.
enum FuzzLocation {
  static func run(_ data: Data) {
    let response = HTTPResponse(status: 200, body: data)
    do {
      let page = try NetworkClient.decode(
        response, for: POISyncEndpoint.page(since: nil, cursor: nil))
      // Without a version, only a complete answer is accepted: as a full sync when it
      // holds its list, else as changes (removals alone). A page of several applied as
      // the whole would remove the points of the pages to come.
      check(
        !page.version.isEmpty || (page.nextCursor == nil && page.full == page.holdsList),
        "a page of several without a version was accepted")
      check(page.holdsList || page.points.isEmpty, "points were kept from no list")
      for point in page.points {
        check(point.isValid, "a point with bad coordinates or radius was kept: \(point.id)")
      }
      check(page.skipped.values.allSatisfy { $0 > 0 }, "a skip reason counted nothing")
      check(page.nextCursor.map { !$0.isEmpty } ?? true, "an empty cursor was kept")
    } catch let error as LoyaltyError {
      _ = error.description
    } catch {
      check(false, "the page threw an error that is not a LoyaltyError: \(error)")
    }
  }
}
