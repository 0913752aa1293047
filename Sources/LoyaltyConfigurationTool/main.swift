// The build tool behind LoyaltyConfigurationPlugin:
//
//   LoyaltyConfigurationTool --output <file.swift> [--environment <name>] <loyalty*.json>...
//
// Picks the configuration file for the environment, validates it with LoyaltyCore and
// writes the Swift accessor; on a problem, prints `path:line:column: error: message` lines
// to standard error and exits with status 1. The API key placeholder is replaced by the
// LOYALTY_API_KEY environment variable.

import LoyaltyConfigurationGenerator

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ lines: [String]) -> Never {
  for line in lines {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
  exit(1)
}

var output: String?
var environment: String?
var inputs: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--output": output = arguments.popFirst()
  case "--environment": environment = arguments.popFirst()
  default: inputs.append(argument)
  }
}
guard let output, !inputs.isEmpty else {
  fail([
    "usage: LoyaltyConfigurationTool --output <file.swift> [--environment <name>] "
      + "<loyalty*.json>..."
  ])
}

do {
  let path = try ConfigurationFileSelector(environment: environment).select(from: inputs)
  let data: Data
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: path))
  } catch {
    fail(["\(path): error: the configuration file could not be read: \(error)"])
  }
  let apiKey = ProcessInfo.processInfo.environment["LOYALTY_API_KEY"]
  let source = try ConfigurationGenerator(apiKey: apiKey)
    .generate(text: String(decoding: data, as: UTF8.self), path: path)
  try Data(source.utf8).write(to: URL(fileURLWithPath: output))
} catch let diagnostic as ConfigurationDiagnostic {
  fail([diagnostic.description])
} catch let diagnostics as ConfigurationDiagnostics {
  fail(diagnostics.diagnostics.map(\.description))
} catch {
  fail(["\(output): error: the generated file could not be written: \(error)"])
}
