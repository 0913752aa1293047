package import LoyaltyCore

extension JSONTape {
  /// Where the field `field` is written in the configuration file, found on the tape's
  /// positions (the text is not scanned again): the key's opening quote, or an array
  /// element's first byte; else the nearest enclosing key or element that is written (a
  /// missing field is reported at its parent); else nil.
  ///
  /// A field is named the way ``LoyaltyCore/LoyaltyError`` metadata and a decoding error's
  /// coding path name it: object keys joined by dots, array elements as `[index]`
  /// (`device.languages[1]`). A key that itself holds `.` or `[` cannot be named so. Of
  /// duplicate keys the first is found, as ``LoyaltyCore/JSONValue`` keeps the first.
  package func location(ofField field: String) -> SourceLocation? {
    var value = 0
    var found: Int?
    walk: for component in Self.components(of: field) {
      switch component {
      case .key(let name):
        guard kind(value) == .object, let member = member(value, name) else { break walk }
        found = keyByteOffset(ofMember: member)
        value = member
      case .element(let index):
        guard kind(value) == .array, index < elementCount(value) else { break walk }
        var element = value + 1
        for _ in 0..<index { element = end(element) }
        found = byteOffset(element)
        value = element
      }
    }
    return found.map { SourceLocation(position(ofByte: $0)) }
  }

  /// One step of a field's name.
  private enum FieldComponent {
    case key(String)
    case element(Int)
  }

  /// The steps of `device.languages[1]`: `device`, `languages`, element 1.
  private static func components(of field: String) -> [FieldComponent] {
    var components: [FieldComponent] = []
    for part in field.split(separator: ".") {
      var rest = part[...]
      if let bracket = rest.firstIndex(of: "[") {
        if bracket > rest.startIndex { components.append(.key(String(rest[..<bracket]))) }
        rest = rest[bracket...]
        while rest.first == "[", let close = rest.firstIndex(of: "]"),
          let index = Int(rest[rest.index(after: rest.startIndex)..<close]), index >= 0
        {
          components.append(.element(index))
          rest = rest[rest.index(after: close)...]
        }
      } else {
        components.append(.key(String(rest)))
        rest = rest[rest.endIndex...]
      }
      // A name this does not read (`a[x]`) ends the walk at what was read before it.
      guard rest.isEmpty else { break }
    }
    return components
  }
}
