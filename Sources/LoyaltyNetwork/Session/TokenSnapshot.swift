import LoyaltyCore

/// A token pair decoded once: its expiry and the `Authorization` value it is sent with.
///
/// Its descriptions never show the tokens.
struct TokenSnapshot: Sendable, CustomStringConvertible, CustomReflectable {
  /// The pair and its expiry.
  let token: SessionToken
  /// `Bearer {access token}`.
  let authorization: String

  /// Decodes `pair`'s access token.
  init(_ pair: TokenPair) {
    token = SessionToken(pair)
    authorization = "Bearer \(pair.accessToken)"
  }

  /// The tokens.
  var pair: TokenPair { token.pair }

  var description: String { "TokenSnapshot(\(token))" }

  var customMirror: Mirror { Mirror(self, children: ["token": token]) }
}
