import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The filters of `shops.retrieve_multilingual`, read and checked.
struct MerchantFilter: Sendable {
  var categories: Set<String>?
  var defaultShown: Bool?
  var center: (latitude: Double, longitude: Double)?
  /// Kilometres from ``center``.
  var distance: Double?
  var tags: Set<String>?
  var uuid: String?
  var parentUUIDs: Set<String>?

  /// Reads the filters from a call's fields.
  /// - Returns: The filter, or the 400 answer for a malformed one.
  static func read(_ call: SandboxCall) -> Result<MerchantFilter, MerchantFilterError> {
    var filter = MerchantFilter()
    filter.categories = call.strings("categories").map(Set.init)
    filter.tags = call.strings("tags").map(Set.init)
    filter.parentUUIDs = call.strings("parent_uuids").map(Set.init)
    filter.uuid = call.string("uuid")
    if let value = call.fields["default_shown"], !value.isNull {
      guard let flag = value.looseBool else {
        return .failure(MerchantFilterError(.badField("default_shown", "must be a boolean")))
      }
      filter.defaultShown = flag
    }
    if let value = call.fields["center"], !value.isNull {
      guard let latitude = value["lat"]?.looseDouble, let longitude = value["lon"]?.looseDouble,
        (-90...90).contains(latitude), (-180...180).contains(longitude)
      else {
        return .failure(
          MerchantFilterError(.badField("center", "must be {\"lat\": degrees, \"lon\": degrees}")))
      }
      filter.center = (latitude, longitude)
    }
    if let value = call.fields["distance"], !value.isNull {
      guard let kilometres = value.looseDouble, kilometres > 0 else {
        return .failure(MerchantFilterError(.badField("distance", "must be a positive number")))
      }
      guard filter.center != nil else {
        return .failure(MerchantFilterError(.badField("distance", "needs a center")))
      }
      filter.distance = kilometres
    }
    return .success(filter)
  }

  /// Whether `merchant` passes every filter but distance.
  func matches(_ merchant: SandboxMerchant) -> Bool {
    if let categories, !categories.contains(merchant.categoryUUID) { return false }
    if let defaultShown, merchant.defaultShown != defaultShown { return false }
    if let tags, tags.isDisjoint(with: merchant.tags) { return false }
    if let uuid, merchant.uuid != uuid { return false }
    if let parentUUIDs, !parentUUIDs.contains(merchant.parentUUID ?? "") { return false }
    return true
  }

  /// The great-circle distance in kilometres (haversine, Earth radius 6371 km).
  static func kilometres(
    from center: (latitude: Double, longitude: Double), to merchant: SandboxMerchant
  ) -> Double {
    let radians = Double.pi / 180
    let deltaLatitude = (merchant.latitude - center.latitude) * radians
    let deltaLongitude = (merchant.longitude - center.longitude) * radians
    let a =
      sin(deltaLatitude / 2) * sin(deltaLatitude / 2) + cos(center.latitude * radians)
      * cos(merchant.latitude * radians) * sin(deltaLongitude / 2) * sin(deltaLongitude / 2)
    return 6_371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}

/// A malformed merchant filter, with the answer to give.
struct MerchantFilterError: Error {
  let reply: SandboxReply

  init(_ reply: SandboxReply) {
    self.reply = reply
  }
}
