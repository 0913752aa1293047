/// Amounts as the backend writes them: strings with two decimals, in cents internally.
enum Money {
  /// `1250` cents as `"12.50"`.
  static func format(cents: Int) -> String {
    let sign = cents < 0 ? "-" : ""
    let value = abs(cents)
    let fraction = value % 100
    return "\(sign)\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
