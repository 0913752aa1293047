import LoyaltyNetwork

/// Lists in any form ``LoyaltyNetwork/AnswerList`` accepts, read from an object.
extension FieldReader {
  /// The list named `name` (or one of `aliases`, the seed's names for it) in any
  /// accepted form: under its own names, else under one of
  /// ``LoyaltyNetwork/AnswerList/alternativeKeys``; under any of them a lone object is a
  /// list of one. A form other than ours is reported as `unexpectedShape` at `name`; an
  /// element that cannot be decoded is skipped and reported as unreadable.
  ///
  /// When no name holds a list, a `required` list throws ``Unusable`` (the call means
  /// nothing without it); any other list is empty and reported as missing.
  ///
  /// Not specialised, nor is the lookup of each name: a copy per element type cost a
  /// host about 3 KB each, and the search runs once per list. Each element is decoded by
  /// its own type's `init(from:)` either way.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  func anyFormList<T: Decodable>(
    _ type: T.Type, _ name: String, aliases: [String] = [], required: Bool
  ) throws -> [T] {
    var unreadable: String?
    for candidate in CollectionOfOne(name) + aliases {
      switch try elements(T.self, candidate) {
      case .list(let elements): return elements
      case .single(let element):
        report(name, .unexpectedShape)
        return [element]
      case .unreadable: unreadable = unreadable ?? candidate
      case .absent: continue
      }
    }
    if unreadable == nil {
      for candidate in AnswerList.alternativeKeys {
        switch try elements(T.self, candidate) {
        case .list(let elements):
          report(name, .unexpectedShape)
          return elements
        case .single(let element):
          report(name, .unexpectedShape)
          return [element]
        case .unreadable, .absent: continue
        }
      }
    }
    let kind: ResponseDrift.Kind = unreadable == nil ? .missing : .unexpectedShape
    if required {
      throw Unusable(
        field: container.codingPath.driftPath(appending: unreadable ?? name), kind: kind)
    }
    report(unreadable ?? name, kind)
    return []
  }

  /// What one name holds.
  private enum Found<T> {
    case list([T])
    case single(T)
    /// There, but neither a list nor an object of the element's type.
    case unreadable
    case absent
  }

  /// The list under `name`: a list (`null` is empty), or an object decoded as its one
  /// element.
  @_semantics("optimize.sil.specialize.generic.never")
  @inline(never)
  private func elements<T: Decodable>(_ type: T.Type, _ name: String) throws -> Found<T> {
    let container = container
    let key = AnyKey(name)
    guard container.contains(key) else { return .absent }
    if try container.decodeNil(forKey: key) { return .list([]) }
    let list: any UnkeyedDecodingContainer
    do {
      list = try container.nestedUnkeyedContainer(forKey: key)
    } catch is DecodingError {
      do {
        return .single(try container.decode(T.self, forKey: key))
      } catch is DecodingError {
        return .unreadable
      }
    }
    return .list(try Self.elements(T.self, in: list) { report(name, .unreadable) })
  }

  /// The elements of `list`, an element that cannot be decoded skipped and `unreadable`
  /// called for it.
  static func elements<T: Decodable>(
    _ type: T.Type, in list: any UnkeyedDecodingContainer, unreadable: () -> Void
  ) throws -> [T] {
    var list = list
    var elements: [T] = []
    if let count = list.count { elements.reserveCapacity(count) }
    while !list.isAtEnd {
      do {
        elements.append(try list.decode(T.self))
      } catch is DecodingError {
        _ = try list.decode(SkippedValue.self)
        unreadable()
      }
    }
    return elements
  }
}
