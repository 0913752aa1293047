import LoyaltyCore
import LoyaltyNetwork

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A face image for a QR payment: JPEG or PNG, told by its bytes, at most a size cap.
public struct FlowImage: Sendable, Hashable {
  /// The image type, from the file's signature.
  public enum Kind: String, Sendable, Hashable {
    /// `image/jpeg`.
    case jpeg
    /// `image/png`.
    case png

    /// The MIME type.
    public var mimeType: String { self == .jpeg ? "image/jpeg" : "image/png" }
    /// The file extension.
    public var fileExtension: String { self == .jpeg ? "jpg" : "png" }
  }

  /// The bytes.
  public let data: Data
  /// The type the bytes say.
  public let kind: Kind

  /// Checks `data` as a face image.
  /// - Parameters:
  ///   - data: The image file's bytes.
  ///   - field: The multipart field name, for errors.
  ///   - byteLimit: The largest size accepted.
  /// - Throws: ``LoyaltyCore/LoyaltyError/Code/invalidFlowImage``.
  public init(_ data: Data, field: String, byteLimit: Int) throws {
    guard !data.isEmpty, data.count <= byteLimit else {
      throw LoyaltyError(
        .invalidFlowImage,
        "The \(field) image is \(data.count) bytes; 1 to \(byteLimit) are accepted.",
        metadata: ["field": field, "byteCount": String(data.count)])
    }
    let head = Array(data.prefix(8))
    if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      kind = .jpeg
    } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      kind = .png
    } else {
      throw LoyaltyError(
        .invalidFlowImage, "The \(field) image is neither a JPEG nor a PNG.",
        metadata: ["field": field])
    }
    self.data = data
  }

  /// The multipart part: `SmileImage` with `smile.jpg` and `image/jpeg`.
  func part(name: String, stem: String) -> MultipartPart {
    .file(name, filename: "\(stem).\(kind.fileExtension)", contentType: kind.mimeType, data: data)
  }
}
