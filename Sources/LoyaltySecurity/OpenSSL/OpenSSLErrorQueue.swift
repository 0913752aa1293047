#if !canImport(CryptoKit) && !LOYALTY_CRYPTOKIT
  import CLoyaltyCrypto
  import LoyaltyCore

  /// Reads and clears OpenSSL's per-thread error queue.
  ///
  /// Every failed libcrypto call leaves entries on the calling thread's queue; they are
  /// drained when the failure is turned into a ``LoyaltyError`` so they never leak into
  /// an unrelated later call. OpenSSL's reason strings name the failing library and
  /// reason only, never key material or data.
  enum OpenSSLErrorQueue {
    /// Empties the queue and returns the first reason it held, if any.
    static func drain() -> String? {
      var first: String?
      while true {
        let code = ERR_get_error()
        guard code != 0 else { break }
        if first == nil {
          let library = ERR_lib_error_string(code).map { String(cString: $0) } ?? "libcrypto"
          let reason = ERR_reason_error_string(code).map { String(cString: $0) } ?? "code \(code)"
          first = "\(library): \(reason)"
        }
      }
      return first
    }

    /// An error with `code` and `message`, carrying OpenSSL's first queued reason as
    /// `openssl` metadata; the queue is emptied.
    static func error(
      _ code: LoyaltyError.Code,
      _ message: String,
      recoverySuggestion: String? = nil,
      metadata: [String: String] = [:]
    ) -> LoyaltyError {
      var metadata = metadata
      if let reason = drain() {
        metadata["openssl"] = reason
      }
      return LoyaltyError(code, message, recoverySuggestion: recoverySuggestion, metadata: metadata)
    }
  }
#endif
