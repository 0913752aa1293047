#if LOYALTY_LIBFUZZER
  import Foundation

  // libFuzzer's entry points. fuzz.sh links `libclang_rt.fuzzer_no_main`, whose
  // `LLVMFuzzerRunDriver` runs the fuzzing loop from this program's own `main`: SwiftPM
  // already gives an executable target its `main`, so libFuzzer's cannot be linked.

  @_silgen_name("LLVMFuzzerRunDriver")
  private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  /// Called by libFuzzer once per input.
  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzDriver.target.run(data)
    return 0
  }

  enum FuzzDriver {
    /// The target every input goes to. `nonisolated(unsafe)` because libFuzzer's C
    /// callback cannot capture it: it is set once, before the fuzzing loop starts, and
    /// libFuzzer runs inputs one at a time on that same thread (-fork and -jobs use
    /// processes).
    nonisolated(unsafe) static var target = FuzzTarget.json

    /// The arguments handed to libFuzzer, which keeps them to the end of the process:
    /// held here so that the leak checker sees them as still in use. Set once, like
    /// ``target``.
    nonisolated(unsafe) private static var argumentVector:
      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// Runs libFuzzer with `arguments` (the program name first) and returns its status.
    static func run(arguments: [String]) -> Int32 {
      // libFuzzer runs itself again for -fork, -merge and -minimize_crash, without the
      // target's name among the arguments: the children find it here.
      setenv("LOYALTY_FUZZ_TARGET", target.rawValue, 1)
      var argc = Int32(arguments.count)
      let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(
        capacity: arguments.count + 1)
      for (index, argument) in arguments.enumerated() {
        vector[index] = strdup(argument)
      }
      vector[arguments.count] = nil
      argumentVector = vector
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = vector
      return runDriver(&argc, &argv, fuzzOneInput)
    }
  }
#endif
