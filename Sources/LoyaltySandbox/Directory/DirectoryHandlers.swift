import LoyaltyCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The merchant directory's manifest and snapshot (Docs/API.md, "Merchant directory").
enum DirectoryHandlers {
  /// `GET .../directory/manifest`: 304 when `If-None-Match` names the snapshot announced.
  static func manifest(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let snapshot = state.directory.announce() else {
      return .error(404, "No directory snapshot is published.")
    }
    let sent = call.request.headers["If-None-Match"]
    if let sent, sent == snapshot.etag {
      var reply = SandboxReply(status: 304, body: .raw(Data()))
      reply.headers.add(name: "ETag", value: snapshot.etag)
      return reply
    }
    var reply = SandboxReply.ok(["directory": snapshot.manifest, "directory-status": 1])
    reply.headers.add(name: "ETag", value: snapshot.etag)
    return reply
  }

  /// `GET .../directory/snapshot/{version}`: the gzip body.
  static func snapshot(_ call: SandboxCall, _ state: inout SandboxState) -> SandboxReply {
    guard let version = call.pathValue.flatMap({ Int($0) }),
      let snapshot = state.directory.snapshot(version: version)
    else {
      return .error(404, "No directory snapshot of that version.")
    }
    var reply = SandboxReply(status: 200, body: .raw(snapshot.gzip))
    reply.headers.add(name: "Content-Type", value: "application/gzip")
    reply.headers.add(name: "ETag", value: snapshot.etag)
    return reply
  }
}
