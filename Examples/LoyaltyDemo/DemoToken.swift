import Foundation
import LoyaltyCore

/// Makes unsigned, JWT-shaped tokens for the demo. The SDK never verifies signatures on
/// the client; the server does.
enum DemoToken {
  static func make(subject: String, expiresIn seconds: TimeInterval) -> String {
    let header = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
    let expiry = Int(Date().addingTimeInterval(seconds).timeIntervalSince1970)
    let claims = Base64URL.encode(Data(#"{"sub":"\#(subject)","exp":\#(expiry)}"#.utf8))
    return "\(header).\(claims).demo"
  }
}
