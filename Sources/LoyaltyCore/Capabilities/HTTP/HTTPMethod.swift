/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The method's name, in upper case.
  public let rawValue: String

  /// Creates a method from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")

  /// Whether the method is idempotent by definition (RFC 9110), so it may be retried
  /// after a server error.
  public var isIdempotent: Bool {
    switch self {
    case .get, .head, .put, .delete: true
    default: rawValue == "OPTIONS" || rawValue == "TRACE"
    }
  }

  public var description: String { rawValue }
}
