// A fuzz harness over every parser of untrusted bytes in the SDK. Not a product.
//
//   LoyaltyFuzz list                               the targets
//   LoyaltyFuzz <target> <files or directories>... replays inputs through a target
//
// Built by fuzz.sh with libFuzzer (`-D LOYALTY_LIBFUZZER`), the same binary fuzzes:
//
//   LoyaltyFuzz <target> [libFuzzer flags] [corpus directories]...
//
// The target may also come from LOYALTY_FUZZ_TARGET. A thrown error is a fine answer to
// a bad input; a crash, a trap, a hang or a sanitizer report is a bug. Docs/Fuzzing.md
// says how to run it and how a crash becomes a regression test.

import Foundation

let selection: FuzzSelection
do {
  selection = try FuzzSelection(
    arguments: CommandLine.arguments,
    environment: ProcessInfo.processInfo.environment)
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(64)
}

guard let target = selection.target else {
  print(FuzzTarget.allCases.map(\.rawValue).joined(separator: "\n"))
  exit(0)
}

#if LOYALTY_LIBFUZZER
  FuzzDriver.target = target
  exit(FuzzDriver.run(arguments: selection.remaining))
#else
  do {
    let count = try Replay.run(target, paths: selection.remaining.dropFirst())
    print("\(target.rawValue): \(count) inputs replayed, none crashed")
  } catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(66)
  }
#endif
