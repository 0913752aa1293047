extension SandboxBackend {
  /// The one-time code every flow step of the sandbox accepts, for tests and demos.
  public static let flowOTPCode = "123456"
}
