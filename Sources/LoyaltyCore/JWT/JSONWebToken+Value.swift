extension JSONWebToken {
  /// A JSON value from a JWT's header or claims.
  public typealias Value = JSONValue
}
