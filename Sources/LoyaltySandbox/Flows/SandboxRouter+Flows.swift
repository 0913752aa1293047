import LoyaltyCore

extension SandboxRouter {
  /// A flow call under `/v1/`: the route by path, the form or multipart fields, and the
  /// path's last segment for calls that carry one (a flow name, a payment reference, a
  /// transaction id).
  func flowMatch(_ request: SandboxRequest) -> Match {
    let segments = Array(request.segments.dropFirst())
    let found: (SandboxRoute, HTTPMethod, String?)?
    switch segments.count {
    case 2 where segments == ["connect", "token"]:
      found = (SandboxRoutes.flowToken, .post, nil)
    case 2 where segments[0] == "pin":
      found = Self.pinRoute(segments[1])
    case 3 where segments[0] == "transaction":
      switch segments[1] {
      case "CPQRCPaymentValidation": found = (SandboxRoutes.cpqrcValidate, .get, segments[2])
      case "CPQRCPaymentStatus": found = (SandboxRoutes.cpqrcStatus, .get, segments[2])
      case "ResendTransactionOTP": found = (SandboxRoutes.cpqrcResendOtp, .get, segments[2])
      default: found = nil
      }
    case 2 where segments == ["transaction", "CPQRCPaymentConfirm"]:
      found = (SandboxRoutes.cpqrcConfirm, .post, nil)
    default:
      found = nil
    }
    guard let (route, method, value) = found else {
      return .refused(.unrouted, .error(404, "No such endpoint: \(request.path)."))
    }
    guard request.method == method else {
      return .refused(route.endpoint, .error(405, "Use \(method) for \(route.endpoint)."))
    }
    guard let fields = FlowBodyDecoding.fields(request) else {
      return .refused(route.endpoint, .error(400, "The body could not be read."))
    }
    return .route(route, fields: fields, pathValue: value)
  }

  private static func pinRoute(_ action: String) -> (SandboxRoute, HTTPMethod, String?)? {
    switch action {
    case "SetPin": return (SandboxRoutes.setPIN, .post, nil)
    case "ChangePin": return (SandboxRoutes.changePIN, .post, nil)
    case "ForgotPinReset": return (SandboxRoutes.forgotPINReset, .post, nil)
    case "ResendOtp": return (SandboxRoutes.pinResendOtp, .post, nil)
    default: break
    }
    for flow in ["SetPin", "ChangePin", "ForgotPin"] {
      if action == "\(flow)SendOtp" { return (SandboxRoutes.pinSendOtp, .post, flow) }
      if action == "\(flow)VerifyOtp" { return (SandboxRoutes.pinVerifyOtp, .post, flow) }
    }
    return nil
  }
}
