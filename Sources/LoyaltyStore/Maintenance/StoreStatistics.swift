/// Facts about a ``StoreDatabase``, from ``StoreDatabase/statistics()``.
public struct StoreStatistics: Sendable, Hashable {
  /// The number of rows in each of the store's tables, by table name.
  public let rowCounts: [String: Int]
  /// The size of the database file in bytes; 0 in memory.
  public let fileSize: Int64
  /// The size of the write-ahead log in bytes; 0 when there is none.
  public let walSize: Int64
  /// The number of pages in the database.
  public let pageCount: Int
  /// The size of a page in bytes.
  public let pageSize: Int
  /// The number of unused pages, which ``StoreDatabase/vacuum()`` would give back.
  public let freePageCount: Int
  /// The schema version.
  public let schemaVersion: Int

  /// Creates statistics.
  public init(
    rowCounts: [String: Int], fileSize: Int64, walSize: Int64, pageCount: Int, pageSize: Int,
    freePageCount: Int, schemaVersion: Int
  ) {
    self.rowCounts = rowCounts
    self.fileSize = fileSize
    self.walSize = walSize
    self.pageCount = pageCount
    self.pageSize = pageSize
    self.freePageCount = freePageCount
    self.schemaVersion = schemaVersion
  }
}
