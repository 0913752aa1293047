#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One part of a `multipart/form-data` body: a text field or a file.
public struct MultipartPart: Sendable, Hashable {
  /// The form field's name.
  public var name: String
  /// The file name, for a file part.
  public var filename: String?
  /// The part's content type; `text/plain; charset=utf-8` for text fields.
  public var contentType: String?
  /// The part's bytes.
  public var data: Data

  /// A text field.
  public static func text(_ name: String, _ value: String) -> MultipartPart {
    MultipartPart(name: name, filename: nil, contentType: nil, data: Data(value.utf8))
  }

  /// A file.
  public static func file(
    _ name: String, filename: String, contentType: String = "application/octet-stream",
    data: Data
  ) -> MultipartPart {
    MultipartPart(name: name, filename: filename, contentType: contentType, data: data)
  }

  /// Creates a part.
  public init(name: String, filename: String?, contentType: String?, data: Data) {
    self.name = name
    self.filename = filename
    self.contentType = contentType
    self.data = data
  }
}
