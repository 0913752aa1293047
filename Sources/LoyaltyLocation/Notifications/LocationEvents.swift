public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The user entered, left or stayed in a fence.
public struct GeofenceTransitioned: LoyaltyEvent, Equatable {
  public static let eventName = "geofence_transition"
  /// What happened.
  public let transition: GeofenceTransition

  /// Creates the event.
  public init(transition: GeofenceTransition) {
    self.transition = transition
  }

  public var attributes: [String: String] {
    [
      "kind": transition.kind.rawValue, "poi_id": String(transition.pointOfInterest.id),
      "merchant_id": transition.pointOfInterest.merchantID,
    ]
  }
}

/// An entry the limiter allowed: the host turns it into a local notification now.
///
/// ```swift
/// for await request in bus.stream(OfferNotificationRequested.self) {
///   // On Apple platforms, a UNNotificationRequest for this store, shown now.
///   showLocalNotification(for: request.pointOfInterest.merchantID)
/// }
/// ```
public struct OfferNotificationRequested: LoyaltyEvent, Equatable {
  public static let eventName = "offer_notification_requested"
  /// The store the user is at.
  public let pointOfInterest: PointOfInterest
  /// When the limiter allowed it.
  public let date: Date

  /// Creates the event.
  public init(pointOfInterest: PointOfInterest, date: Date) {
    self.pointOfInterest = pointOfInterest
    self.date = date
  }

  /// A stable identifier for the notification: `loyalty.offer.<poi id>`.
  public var identifier: String { "loyalty.offer.\(pointOfInterest.id)" }
  /// The notification's title: the offer's title, else the store's name.
  public var title: String { pointOfInterest.offerTitle ?? pointOfInterest.name }
  /// The notification's body: the offer's description, else the store's name.
  public var body: String { pointOfInterest.offerDescription ?? pointOfInterest.name }

  public var attributes: [String: String] {
    [
      "poi_id": String(pointOfInterest.id), "merchant_id": pointOfInterest.merchantID,
      "title": title,
    ]
  }
}

/// An entry the limiter refused, and why.
public struct OfferNotificationRefused: LoyaltyEvent, Equatable {
  public static let eventName = "offer_notification_refused"
  /// The store the user is at.
  public let pointOfInterest: PointOfInterest
  /// Why: never ``LoyaltyCore/LimitDecision/allowed``.
  public let reason: LimitDecision

  /// Creates the event.
  public init(pointOfInterest: PointOfInterest, reason: LimitDecision) {
    self.pointOfInterest = pointOfInterest
    self.reason = reason
  }

  public var attributes: [String: String] {
    [
      "poi_id": String(pointOfInterest.id), "merchant_id": pointOfInterest.merchantID,
      "reason": reason.reasonName,
    ]
  }
}

/// A points-of-interest sync skipped points it could not use (bad coordinates, a
/// missing id): posted once per sync that skipped any, with the counts.
public struct PointsOfInterestSkipped: LoyaltyEvent, Equatable {
  public static let eventName = "poi_sync_skipped"
  /// How many were skipped, by reason (``POISyncReport/SkipReason``).
  public let counts: [POISyncReport.SkipReason: Int]

  /// Creates the event.
  public init(counts: [POISyncReport.SkipReason: Int]) {
    self.counts = counts
  }

  public var attributes: [String: String] {
    Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, String($0.value)) })
  }
}

extension LimitDecision {
  /// A stable name for the decision, for events and analytics.
  public var reasonName: String {
    switch self {
    case .allowed: "allowed"
    case .outsideAllowedHours: "outside_allowed_hours"
    case .dailyLimitReached: "daily_limit"
    case .weeklyLimitReached: "weekly_limit"
    case .monthlyLimitReached: "monthly_limit"
    case .merchantCoolingDown: "merchant_cooldown"
    }
  }
}
