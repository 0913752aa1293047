import Foundation

/// The benchmark's table: each transport's figures, then AsyncHTTPClient's as ratios of
/// URLSession's.
struct Report {
  let runs: [String: TransportRun.Result]
  let bombs: [String: BombRun.Result]
  let transports: [String]

  var text: String {
    var lines = [
      "| transport | calls/s | p50 ms | p99 ms | peak MiB | failures |",
      "|---|---|---|---|---|---|",
    ]
    for transport in transports {
      guard let run = runs[transport] else { continue }
      lines.append(
        "| \(transport) | \(format(run.callsPerSecond, 0)) | \(format(run.p50Milliseconds, 1)) "
          + "| \(format(run.p99Milliseconds, 1)) | \(format(run.peakMiB, 1)) | \(run.failures) |")
    }
    lines += [
      "", "| transport | body | growth MiB | outcome | seconds |", "|---|---|---|---|---|",
    ]
    for transport in transports {
      for body in BombRun.bodies {
        guard let bomb = bombs[transport + body] else { continue }
        lines.append(
          "| \(transport) | \(BombRun.describe(body)) | \(format(bomb.growthMiB, 1)) "
            + "| \(bomb.outcome) | \(format(bomb.seconds, 2)) |")
      }
    }
    if let reference = runs["urlsession"], let measured = runs["asynchttpclient"] {
      lines += [
        "",
        "AsyncHTTPClient / URLSession: calls/s "
          + ratio(measured.callsPerSecond, reference.callsPerSecond) + ", p50 "
          + ratio(measured.p50Milliseconds, reference.p50Milliseconds) + ", p99 "
          + ratio(measured.p99Milliseconds, reference.p99Milliseconds) + ", peak memory "
          + ratio(measured.peakMiB, reference.peakMiB),
      ]
    }
    for body in BombRun.bodies {
      if let reference = bombs["urlsession" + body], let measured = bombs["asynchttpclient" + body]
      {
        lines.append(
          "AsyncHTTPClient / URLSession, \(BombRun.describe(body)): memory growth "
            + ratio(measured.growthMiB, reference.growthMiB))
      }
    }
    return lines.joined(separator: "\n")
  }

  private func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }

  private func ratio(_ value: Double, _ reference: Double) -> String {
    reference > 0 ? String(format: "%.2fx", value / reference) : "n/a"
  }
}
