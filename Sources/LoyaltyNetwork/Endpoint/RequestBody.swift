public import LoyaltyCore

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A request's body.
public enum RequestBody: Sendable, Hashable {
  /// No body.
  case none
  /// A JSON document, sent as `application/json`.
  case json(JSONValue)
  /// `application/x-www-form-urlencoded` fields, in order.
  case form([FormField])
  /// `multipart/form-data` parts, in order.
  case multipart([MultipartPart])
  /// Bytes already encoded, with their content type.
  case data(Data, contentType: String)

  /// A JSON object under the backend's domain wrapper key:
  /// `.wrapped("campaigns", ["action": "retrieve"])` sends
  /// `{"campaigns": {"action": "retrieve"}}`.
  public static func wrapped(_ key: String, _ fields: [String: JSONValue]) -> RequestBody {
    .json(.object([key: .object(fields)]))
  }

  /// A form field.
  public struct FormField: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// The field's value.
    public var value: String

    /// Creates a field.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The encoded bytes and content type.
  /// - Parameter makeBoundary: Makes the multipart boundary; called for multipart bodies
  ///   only.
  func encoded(boundary makeBoundary: @autoclosure () -> String) throws -> (
    data: Data?, contentType: String?
  ) {
    switch self {
    case .none:
      return (nil, nil)
    case .json(let value):
      return (try JSONBodyEncoder.data(of: value) ?? value.jsonData(), "application/json")
    case .form(let fields):
      let text = fields.map { field in
        PercentEncoding.encode(field.name, for: .form) + "="
          + PercentEncoding.encode(field.value, for: .form)
      }
      .joined(separator: "&")
      return (Data(text.utf8), "application/x-www-form-urlencoded")
    case .data(let data, let contentType):
      return (data, contentType)
    case .multipart(let parts):
      let boundary = makeBoundary()
      var data = Data()
      for part in parts {
        var head =
          "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quote(part.name))\""
        if let filename = part.filename {
          head += "; filename=\"\(Self.quote(filename))\""
        }
        head += "\r\n"
        if let contentType = part.contentType {
          head += "Content-Type: \(contentType)\r\n"
        } else if part.filename == nil {
          head += "Content-Type: text/plain; charset=utf-8\r\n"
        }
        head += "\r\n"
        data.append(Data(head.utf8))
        data.append(part.data)
        data.append(Data("\r\n".utf8))
      }
      data.append(Data("--\(boundary)--\r\n".utf8))
      return (data, "multipart/form-data; boundary=\(boundary)")
    }
  }

  private static func quote(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("\r", with: "").replacing("\n", with: "")
  }
}
