/// Whose answers a cached answer is: the partitions of a ``MarketCache``.
///
/// Answers that need no user (the basic campaigns of an anonymous user) belong to
/// ``anonymous``; a signed-in user's answers to ``user(_:)`` of the access token's subject,
/// or to ``session`` when the token names no user. The market reads and writes only the
/// current owner's answers, and removes every other signed-in owner's at each login and
/// logout, so one user's coupons never show for another.
public enum MarketCacheOwner {
  /// The partition of answers that need no user.
  public static let anonymous = "anonymous"
  /// The partition of a signed-in user whose token names no user (an opaque token): it is
  /// emptied at every login, since the next login may be someone else.
  public static let session = "session"

  /// The partition of the user whose access token's subject is `subject`.
  public static func user(_ subject: String) -> String { "user:" + subject }

  /// Whether `owner` is a signed-in user's partition (not ``anonymous``).
  public static func isSignedIn(_ owner: String) -> Bool { owner != anonymous }
}
