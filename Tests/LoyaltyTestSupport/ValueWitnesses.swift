/// Copies, assigns, moves, boxes, wraps in `Optional` and destroys each of `values` in code
/// that knows nothing of `T`, and returns the copies that came out, in order.
///
/// Code that does not know a type handles its values through the type's value witnesses.
/// Most products are compiled with layout-string value witnesses (Package.swift), which
/// the Swift runtime reads to copy, move and destroy a value: a test passes a type's
/// values here and compares what comes back with what went in, and, for a value that holds
/// an object, checks that the object is released once the values are gone.
@inline(never)
public func throughValueWitnesses<T>(_ values: [T]) -> [T] {
  // Copies into a new buffer (initialize with copy), then moves them (take).
  var copies = values + values
  copies.reverse()
  // Assigns over a live value (assign with copy), from the back half to the front half.
  let half = values.count
  for index in 0..<half {
    copies[index] = copies[index + half]
  }
  // Moves out of the buffer one by one (take), leaving what is left to be destroyed.
  var moved: [T] = []
  while copies.count > half {
    moved.append(copies.removeLast())
  }
  copies.removeAll()
  // Wraps each in an Optional beside a nil (the spare-bits tag), then boxes it in an
  // existential (a copy into the box's buffer) and takes it out again.
  var optionals: [T?] = moved.map { Optional($0) }
  optionals.insert(nil, at: 0)
  let boxed: [Any] = optionals.compactMap { $0.map { $0 as Any } }
  return boxed.compactMap { $0 as? T }
}
