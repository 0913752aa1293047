/// One named, numbered step of the schema's history.
///
/// A step is applied once, inside its own transaction, and recorded in
/// `schema_version`; an applied step is never edited: a change to the schema is a new
/// step with the next version.
struct SQLiteMigration: Sendable {
  /// The schema version the database has once this step is applied; steps count from 1.
  let version: Int
  /// A short, stable name, recorded beside the version: `create_tables`.
  let name: String
  /// Applies the step. Runs inside the step's transaction; throwing rolls it back.
  let apply: @Sendable (SQLiteConnection) throws -> Void
}
