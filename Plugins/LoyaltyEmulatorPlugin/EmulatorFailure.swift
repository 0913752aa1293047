/// Why `swift package loyalty-emulator` failed.
enum EmulatorFailure: Error, CustomStringConvertible {
  /// Neither the package nor its direct dependencies is the Loyalty SDK.
  case sdkNotFound
  /// `swift run` exited with a non-zero status.
  case exited(Int32)
  /// `--scratch-path` came without the folder it names.
  case missingScratchPath

  var description: String {
    switch self {
    case .sdkNotFound:
      "the Loyalty SDK is neither this package nor one of its direct dependencies"
    case .exited(let status):
      "the emulator exited with status \(status)"
    case .missingScratchPath:
      "--scratch-path needs a folder: --scratch-path <dir>"
    }
  }
}
