extension LoyaltyDate {
  /// The words a formatted date uses: month and weekday names, AM and PM.
  ///
  /// ``english`` and ``greek`` are given; a host showing another language passes its own
  /// (for example from its localized strings).
  public struct Names: Sendable, Hashable {
    /// January to December, as `MMMM` writes them.
    public var months: [String]
    /// January to December abbreviated, as `MMM` writes them.
    public var shortMonths: [String]
    /// Sunday to Saturday, as `EEEE` writes them.
    public var weekdays: [String]
    /// Sunday to Saturday abbreviated, as `EEE` writes them.
    public var shortWeekdays: [String]
    /// The morning's mark (`a`).
    public var am: String
    /// The afternoon's mark (`a`).
    public var pm: String

    /// Names from lists; a list shorter than 12 months or 7 days writes the number of
    /// the ones it lacks.
    public init(
      months: [String], shortMonths: [String], weekdays: [String], shortWeekdays: [String],
      am: String = "AM", pm: String = "PM"
    ) {
      self.months = months
      self.shortMonths = shortMonths
      self.weekdays = weekdays
      self.shortWeekdays = shortWeekdays
      self.am = am
      self.pm = pm
    }

    /// English names.
    public static let english = Names(
      months: [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
      ],
      shortMonths: [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
      ],
      weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      shortWeekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])

    /// Greek names, months in the form a date uses ("21 Νοεμβρίου").
    public static let greek = Names(
      months: [
        "Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου", "Ιουλίου",
        "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου", "Δεκεμβρίου",
      ],
      shortMonths: [
        "Ιαν", "Φεβ", "Μαρ", "Απρ", "Μαΐ", "Ιουν", "Ιουλ", "Αυγ", "Σεπ", "Οκτ", "Νοε", "Δεκ",
      ],
      weekdays: ["Κυριακή", "Δευτέρα", "Τρίτη", "Τετάρτη", "Πέμπτη", "Παρασκευή", "Σάββατο"],
      shortWeekdays: ["Κυρ", "Δευ", "Τρί", "Τετ", "Πέμ", "Παρ", "Σάβ"], am: "π.μ.", pm: "μ.μ.")

    /// The name at `index` of `list`, or the 1-based number when the list lacks it.
    func name(_ list: [String], _ index: Int) -> String {
      list.indices.contains(index) ? list[index] : String(index + 1)
    }
  }
}
