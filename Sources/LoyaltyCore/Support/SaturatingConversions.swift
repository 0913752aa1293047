/// Conversions from `Double` that never trap: `Int(_:)` and `UInt64(_:)` trap on NaN,
/// infinities and values beyond the target's range, and a server's `1e19` or a
/// configured `.infinity` must not crash the host.
extension Int {
  /// `value` rounded toward zero and clamped to `Int`'s range; 0 for NaN.
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= 0x1p63 {
      self = .max
    } else if value < -0x1p63 {
      self = .min
    } else {
      self = Int(value)
    }
  }
}

extension UInt64 {
  /// `value` rounded toward zero and clamped to `UInt64`'s range; 0 for NaN and
  /// negative values.
  package init(saturating value: Double) {
    if value.isNaN || value <= 0 {
      self = 0
    } else if value >= 0x1p64 {
      self = .max
    } else {
      self = UInt64(value)
    }
  }
}
