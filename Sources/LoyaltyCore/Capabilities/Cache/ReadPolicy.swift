/// Where a read of the market takes its answer from: the network, the device's cache, or
/// both in turn.
///
/// Every read says where its value came from and when the server gave it, so a value from
/// the cache is never presented as live.
public enum ReadPolicy: String, Sendable, Hashable, Codable, CaseIterable {
  /// The network only: the call is sent whatever the cache holds and however recently the
  /// same answer came; a failure is the caller's. The answer is stored.
  case networkOnly
  /// The network, falling back to the cache when the call fails for want of a network
  /// (no connection, a timeout, a server error): the default. Within the answer's minimum
  /// interval the cached answer is returned without a call.
  case networkFirst
  /// The cache at once, and the network behind it when the cached answer is older than its
  /// minimum interval: the fresh answer reaches the market's state and its change streams.
  /// With nothing cached, the network is waited for.
  case staleWhileRevalidate
  /// The cache only: nothing is sent; with nothing cached the read fails with
  /// ``LoyaltyError/Code/notCached``.
  case cacheOnly
}
