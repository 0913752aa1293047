import Dispatch
import Foundation

/// Keeps the emulator from outliving the command that started it.
///
/// SIGINT and SIGTERM sent to the plugin are passed on to the emulator (`swift package`
/// interrupts its plugin on Ctrl-C). And since `swift package` itself does not pass on a
/// SIGTERM, the plugin also stops the emulator when its parent goes away: the emulator
/// runs in its own process group, so nothing else would.
final class SignalForwarding {
  private let sources: [any DispatchSourceProtocol]

  /// Starts forwarding to `process`; call before running it.
  init(to process: Process) {
    let parent = getppid()
    var sources: [any DispatchSourceProtocol] = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if process.isRunning {
          kill(process.processIdentifier, number)
        }
      }
      return source
    }
    let watch = DispatchSource.makeTimerSource(queue: .global())
    watch.schedule(deadline: .now() + 1, repeating: 1)
    watch.setEventHandler {
      if getppid() != parent && process.isRunning {
        kill(process.processIdentifier, SIGTERM)
      }
    }
    sources.append(watch)
    for source in sources {
      source.resume()
    }
    self.sources = sources
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
