import LoyaltyCore
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
  @Test("lookup ignores case; set replaces; add keeps; order is kept")
  func semantics() {
    var headers: HTTPHeaders = ["Accept": "application/json", "loyalty-web-id": "7"]
    #expect(headers["accept"] == "application/json")
    headers["LOYALTY-WEB-ID"] = "8"
    #expect(headers.values(for: "loyalty-web-id") == ["8"])
    headers.add(name: "Set-Cookie", value: "a")
    headers.add(name: "set-cookie", value: "b")
    #expect(headers.values(for: "SET-COOKIE") == ["a", "b"])
    headers["accept"] = nil
    #expect(!headers.contains("Accept"))
    #expect(headers.map(\.name) == ["LOYALTY-WEB-ID", "Set-Cookie", "set-cookie"])
    #expect(headers == ["loyalty-web-id": "8", "Set-Cookie": "a", "Set-Cookie": "b"])
  }

  @Test("names compare as their lowercased forms do, ASCII or not")
  func namesCompareAsLowercased() {
    let names = [
      "", "a", "A", "b", "Accept", "accept", "ACCEPT", "Authorization", "content-type",
      "Content-Type", "loyalty-date", "loyalty-signature", "\u{212A}ey", "key", "KEY",
      "e\u{301}tag", "\u{E9}tag", "\u{C9}TAG", "\u{130}d", "i\u{307}d", "1x", "-x", "x-",
    ]
    for first in names {
      for second in names {
        var headers = HTTPHeaders()
        headers.add(name: first, value: "1")
        #expect(
          headers.contains(second) == (first.lowercased() == second.lowercased()),
          "\(first) against \(second)")
      }
    }
  }

  @Test("methods know which are idempotent")
  func methods() {
    #expect(HTTPMethod.get.isIdempotent)
    #expect(HTTPMethod.put.isIdempotent)
    #expect(!HTTPMethod.post.isIdempotent)
    #expect(HTTPMethod(rawValue: "options").isIdempotent)
    #expect(HTTPMethod(rawValue: "patch") == .patch)
  }
}
