import Foundation
import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session delegate of a ``URLSessionTransport``: gathers each data task's body as it
/// arrives and cancels a task as soon as its body passes the size limit, so a huge body
/// is never held in memory whole, whatever its encoding.
///
/// URLSession calls the delegate on its own queue; every transfer's state is kept in a
/// mutex.
// Safe to share: all mutable state is inside the mutex; URLSession tasks are thread-safe.
final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  typealias Completion = CheckedContinuation<(Data, URLResponse), any Error>

  private struct Transfer {
    let continuation: Completion
    let url: URL
    var response: URLResponse?
    var data = Data()
    var tooLarge = false
  }

  private let limit: ResponseSizeLimit
  private let transfers = Locked<[Int: Transfer]>([:])
  private let mapError: @Sendable (any Error, URL) -> any Error

  /// A collector that refuses bodies over `limit`, and maps transport errors with
  /// `mapError`.
  init(limit: ResponseSizeLimit, mapError: @escaping @Sendable (any Error, URL) -> any Error) {
    self.limit = limit
    self.mapError = mapError
  }

  /// Starts collecting the body of `task`, which must not have been resumed yet;
  /// `continuation` is resumed once, when the task completes.
  func register(_ task: URLSessionTask, url: URL, continuation: Completion) {
    transfers.withLock {
      $0[task.taskIdentifier] = Transfer(continuation: continuation, url: url)
    }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let tooLarge = response.expectedContentLength > Int64(limit.bytes)
    transfers.withLock { transfers in
      transfers[dataTask.taskIdentifier]?.response = response
      if tooLarge {
        transfers[dataTask.taskIdentifier]?.tooLarge = true
      }
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let cancel = transfers.withLock { transfers -> Bool in
      guard var transfer = transfers[dataTask.taskIdentifier], !transfer.tooLarge else {
        return false
      }
      transfers[dataTask.taskIdentifier] = nil
      if transfer.data.count + data.count > limit.bytes {
        transfer.tooLarge = true
        transfer.data = Data()
      } else {
        transfer.data.append(data)
      }
      transfers[dataTask.taskIdentifier] = transfer
      return transfer.tooLarge
    }
    if cancel {
      dataTask.cancel()
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if transfer.tooLarge {
      transfer.continuation.resume(throwing: limit.error(host: transfer.url.host))
    } else if let error {
      transfer.continuation.resume(throwing: mapError(error, transfer.url))
    } else if let response = transfer.response {
      transfer.continuation.resume(returning: (transfer.data, response))
    } else {
      transfer.continuation.resume(
        throwing: LoyaltyError(.transportFailed, "The request ended without a response."))
    }
  }
}
