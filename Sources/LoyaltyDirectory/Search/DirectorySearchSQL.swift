/// The search statements: fixed SQL, every value bound (`?1` the FTS5 query or the
/// terms, `?2` category, `?3` provider, `?4` enabled, `?5` payment type, `?6`/`?7` the
/// location, `?8` the longitude scale at that latitude, `?9` the limit). Nothing a caller
/// passes is spliced into SQL: the provider filter is one bound value, never a list
/// built from strings.
enum DirectorySearchSQL {
  static let columns = """
    m.id, m.name, m.category, m.address, m.tags, m.latitude, m.longitude,
    m.denominations_type, m.enabled, m.logo_location, m.website, m.ctx_merchant_id,
    m.denominations
    """

  static let filters = """
    (?2 IS NULL OR m.category = ?2)
    AND (?3 IS NULL OR EXISTS (
      SELECT 1 FROM dir_provider p WHERE p.merchant_id = m.id AND p.provider = ?3))
    AND (?4 IS NULL OR m.enabled = ?4)
    AND (?5 IS NULL OR EXISTS (
      SELECT 1 FROM dir_payment y WHERE y.merchant_id = m.id AND y.type = ?5))
    """

  /// Squared equirectangular distance: orders as the true distance does at city scale,
  /// without trigonometry in SQL; merchants without a location last.
  static let distance = """
    CASE WHEN m.latitude IS NULL OR m.longitude IS NULL THEN 1e300
    ELSE (m.latitude - ?6) * (m.latitude - ?6)
      + ((m.longitude - ?7) * ?8) * ((m.longitude - ?7) * ?8) END
    """

  /// FTS5 match, best bm25 first (name weighs most).
  static let fullTextByRank = """
    SELECT \(columns) FROM dir_fts JOIN dir_merchant m ON m.id = dir_fts.rowid
    WHERE dir_fts MATCH ?1 AND \(filters)
    ORDER BY bm25(dir_fts, 10.0, 4.0, 2.0, 2.0), m.id LIMIT ?9
    """

  /// FTS5 match, nearest first.
  static let fullTextByDistance = """
    SELECT \(columns) FROM dir_fts JOIN dir_merchant m ON m.id = dir_fts.rowid
    WHERE dir_fts MATCH ?1 AND \(filters)
    ORDER BY \(distance), m.id LIMIT ?9
    """

  /// Substring fallback without FTS5: every term of the JSON array `?1` must start a word
  /// of the folded `search_text`.
  static let scanTerms = """
    NOT EXISTS (SELECT 1 FROM json_each(?1) t
      WHERE instr(m.search_text, ' ' || t.value) = 0)
    """

  static let scanByName = """
    SELECT \(columns) FROM dir_merchant m WHERE \(scanTerms) AND \(filters)
    ORDER BY m.name, m.id LIMIT ?9
    """

  static let scanByDistance = """
    SELECT \(columns) FROM dir_merchant m WHERE \(scanTerms) AND \(filters)
    ORDER BY \(distance), m.id LIMIT ?9
    """

  static let providers = "SELECT provider FROM dir_provider WHERE merchant_id = ? ORDER BY provider"
  static let payments = "SELECT type FROM dir_payment WHERE merchant_id = ?"
  static let byID = "SELECT \(columns) FROM dir_merchant m WHERE m.id = ?"

  /// The FTS5 query for `terms`: each a quoted prefix (`"καφε"*`), all required.
  static func matchExpression(_ terms: [String]) -> String {
    terms.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"*" }
      .joined(separator: " ")
  }
}
