extension JSONTape {
  /// The byte offset in the text of the value or key at `index`: of its first byte. That
  /// is a string's or a key's opening quote, an array's `[`, an object's `{`, a number's
  /// sign or first digit, the `t` of `true`. Offsets count from the text's first byte, a
  /// byte-order mark included.
  ///
  /// Free: the parser keeps it in the token.
  @inline(__always)
  package func byteOffset(_ index: Int) -> Int {
    let token = tokens[index]
    return token.kind == .string ? token.offset - 1 : token.offset
  }

  /// The byte offset of the key of an object's member whose value is at `value` (what
  /// ``member(_:_:)`` returns): of its opening quote. A member's key is the token just
  /// before its value.
  @inline(__always)
  package func keyByteOffset(ofMember value: Int) -> Int { byteOffset(value - 1) }

  /// The line and column of the byte at `offset`, worked out now from the text (see
  /// ``JSONPosition``: lines end at `\n`, columns count UTF-8 bytes, both from 1).
  package func position(ofByte offset: Int) -> JSONPosition {
    JSONPosition(offset: offset, in: bytes)
  }

  /// Where the value or key at `index` is written: ``byteOffset(_:)`` with its line and
  /// column.
  package func position(_ index: Int) -> JSONPosition { position(ofByte: byteOffset(index)) }
}
