import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The envelope rule for answers decoded in one pass: where a member of an answer is.
///
/// The backend wraps answers as `{"status": "1", "context": {...}}` and the platform's
/// SDK flattens the context's members to the top level before reading any of them. So a
/// member (`MAPP_COUPON`, `MAPP_COUPON-status`, `result`, `msg`, ...) is read from
/// `context` when it is there, else from the top level; the envelope's own `status` is
/// read from the top level first, then from `context`. `ResponseEnvelope` applies the
/// same rule to answers it flattens; `Docs/API.md` states it.
struct EnvelopeReader {
  let top: KeyedDecodingContainer<AnyKey>
  let context: KeyedDecodingContainer<AnyKey>?

  init(_ decoder: any Decoder) throws {
    top = try decoder.container(keyedBy: AnyKey.self)
    let key = AnyKey("context")
    guard top.contains(key), try !top.decodeNil(forKey: key) else {
      context = nil
      return
    }
    do {
      context = try top.nestedContainer(keyedBy: AnyKey.self, forKey: key)
    } catch is DecodingError {
      decoder.driftCollector?.record("context", .unexpectedShape)
      context = nil
    }
  }

  /// The container holding `name`: `context` first, then the top level.
  func holder(of name: String) -> KeyedDecodingContainer<AnyKey>? {
    let key = AnyKey(name)
    if let context, context.contains(key) { return context }
    return top.contains(key) ? top : nil
  }

  /// The envelope's `status`: the top level's, else the context's.
  func status() throws -> Int? {
    if let status = try top.lenientInt(AnyKey("status")) { return status }
    return try context?.lenientInt(AnyKey("status"))
  }

  /// The server's message: `msg`, else `message`, bounded (``LoyaltyCore/ServerText``).
  func message() throws -> String? {
    for name in ["msg", "message"] {
      if let text = try holder(of: name)?.lenientString(AnyKey(name)), !text.isEmpty {
        return ServerText.bounded(text)
      }
    }
    return nil
  }

  /// The member `name`, decoded, wherever the rule finds it; `nil` when absent or `null`.
  func member<T: Decodable>(_ type: T.Type, _ name: String) throws -> T? {
    guard let holder = holder(of: name) else { return nil }
    let key = AnyKey(name)
    guard try !holder.decodeNil(forKey: key) else { return nil }
    return try holder.decode(T.self, forKey: key)
  }
}
