/// A token store that can tell its stored pair synchronously, without a suspension.
///
/// The network client reads the tokens before every bearer request; a store that
/// conforms lets it do so without hopping to the store's actor. The answer must be the
/// same ``TokenStore/tokens()`` would give at that moment: the pair most recently
/// stored, or `nil` when none is.
package protocol TokenSnapshotReading: TokenStore {
  /// The stored pair, or `nil` when there is none, read without suspending.
  func tokensWithoutWaiting() -> TokenPair?
}
