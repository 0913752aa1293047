import CLoyaltyZlib

/// The zlib the network product compresses with, as `loyalty-doctor` reports it.
package enum ZlibLibrary {
  /// `zlibVersion()`: `1.3`.
  package static var version: String { String(cString: zlibVersion()) }
}
