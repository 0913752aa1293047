/// A token store that can tell its stored pair synchronously, without a suspension, when
/// it has it at hand.
///
/// The network client reads the tokens before every bearer request; a store that
/// conforms lets it do so without hopping to the store's actor or thread. A pair it
/// returns must be the one ``TokenStore/tokens()`` would give at that moment. `nil`
/// means "ask ``TokenStore/tokens()``": there is no pair, or the store cannot tell
/// without waiting (a cache that is empty or too old). A host's own store conforms the
/// same way; `TokenStoreConformance.check` compares the two reads after each change.
public protocol TokenSnapshotReading: TokenStore {
  /// The stored pair, read without suspending, or `nil` when ``TokenStore/tokens()``
  /// must be asked.
  func tokensWithoutWaiting() -> TokenPair?
}
