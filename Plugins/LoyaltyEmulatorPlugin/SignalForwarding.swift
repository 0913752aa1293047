import Dispatch
import Foundation

/// Passes SIGINT and SIGTERM sent to the plugin on to the emulator, so stopping the
/// plugin (with `kill`, or Ctrl-C outside a terminal) stops the server as well.
final class SignalForwarding {
  private let sources: [any DispatchSourceSignal]

  init(to process: Process) {
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if process.isRunning {
          kill(process.processIdentifier, number)
        }
      }
      source.resume()
      return source
    }
  }

  /// Stops forwarding and restores the default handlers.
  func cancel() {
    for source in sources {
      source.cancel()
    }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
