import Foundation
import LoyaltyCore
import LoyaltyPush

// The blocks of Docs/Push.md.

private func forwarding(
  client: LoyaltyClient, myHandler: any PushHandler, userInfo: [AnyHashable: Any]
) async throws {
  let push = try client.push
  await push.setHandler(myHandler)  // custom actions, held weakly
  // or: await push.setHandler { payload, state in ... }

  // A notification arrived or was opened:
  switch try await push.handleNotification(userInfo, state: .background) {
  case .notLoyalty: break  // another SDK's: handle it as usual
  case .showCampaign(let url, let confirm): open(url, askFirst: confirm)
  case .forwarded, .unhandled, .pending: break
  }

  // After launch from a notification (state .closed above):
  await push.handlePendingNotification()
}

/// The host's way to show a campaign page, asking the user first when `askFirst`.
func open(_ url: URL, askFirst: Bool) {
  print(askFirst ? "ask, then open \(url)" : "open \(url)")
}

private func deviceToken(push: PushCenter, tokenHex: String) async throws {
  try await push.updateDeviceToken(tokenHex)  // stores it, sends the device info if changed
  try await push.sendDeviceInfoIfNeeded()  // only when it changed since the last success
  try await push.sendDeviceInfo()  // always
}

private func limits(push: PushCenter, merchant: String) async throws {
  if try await push.limiter.requestPermission(merchantID: merchant).isAllowed {
    showLocalNotification(for: merchant)
  }
}

/// The host's local notification for an offer of `merchant`.
func showLocalNotification(for merchant: String) {
  print("an offer of \(merchant)")
}
