import LoyaltyCore
import LoyaltyDoctorKit
import LoyaltyNetwork
import LoyaltySecurity
import LoyaltyStore
import LoyaltyURLSession

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tool behind `swift package loyalty-doctor`: checks the configuration, the system
/// libraries, the backend, the clock, the data directory and the products linked, prints
/// a report and exits with 1 when something would fail at run time.
///
/// It links the products whose libraries it reports, so what it finds is what they find.
@main
enum LoyaltyDoctorTool {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(DoctorOptions.usage)
      return
    }
    let options: DoctorOptions
    do {
      options = try DoctorOptions.parse(arguments)
    } catch let error as LoyaltyError {
      writeError("error: \(error.message)\n\(error.recoverySuggestion ?? "")")
      exit(2)
    } catch {
      writeError("error: \(error)")
      exit(2)
    }
    let libraries = SystemLibraries(
      sqliteVersion: SQLiteLibrary.version,
      sqliteRTree: SQLiteLibrary.supportsVirtualTable("rtree", columns: "id, minX, maxX"),
      sqliteFTS5: SQLiteLibrary.supportsVirtualTable("fts5", columns: "body"),
      cryptoVersion: CryptoLibrary.version,
      cryptoVersionNumber: CryptoLibrary.openSSLVersionNumber,
      zlibVersion: ZlibLibrary.version)
    let doctor = Doctor(options: options, libraries: libraries) { timeout in
      URLSessionTransport(requestTimeout: timeout, resourceTimeout: timeout)
    }
    let report = await doctor.run()
    print(report.text, terminator: "")
    exit(report.exitStatus)
  }

  private static func writeError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
  }
}
