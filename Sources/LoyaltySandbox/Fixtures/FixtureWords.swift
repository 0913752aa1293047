/// The words fixtures are made of, in Greek and English.
enum FixtureWords {
  /// Category admin names with their Greek and English names; the first is always the
  /// supermarket category.
  static let categories: [(admin: String, greek: String, english: String)] = [
    ("supermarket", "Σούπερ μάρκετ", "Supermarkets"),
    ("food", "Φαγητό", "Food"),
    ("coffee", "Καφές", "Coffee"),
    ("fashion", "Μόδα", "Fashion"),
    ("electronics", "Ηλεκτρονικά", "Electronics"),
    ("energy", "Ενέργεια", "Energy"),
    ("travel", "Ταξίδια", "Travel"),
    ("health", "Υγεία", "Health"),
    ("entertainment", "Ψυχαγωγία", "Entertainment"),
    ("home", "Σπίτι", "Home"),
  ]

  static let brands = [
    "Aegean", "Olympus", "Kyma", "Thalassa", "Meltemi", "Lefka", "Ilios", "Astra", "Nisos",
    "Kalypso", "Pelagos", "Orama", "Delta", "Zefyros", "Agora", "Elia", "Vrisi", "Petra",
    "Anemos", "Fotia",
  ]

  static let shopKinds = [
    "Market", "Bistro", "Café", "Store", "Outlet", "Studio", "Corner", "Gallery", "Point",
    "House",
  ]

  static let cities: [(name: String, latitude: Double, longitude: Double, postal: Int)] = [
    ("Athens", 37.9838, 23.7275, 105),
    ("Thessaloniki", 40.6401, 22.9444, 546),
    ("Patras", 38.2466, 21.7346, 262),
    ("Heraklion", 35.3387, 25.1442, 712),
    ("Larissa", 39.6390, 22.4191, 412),
  ]

  static let streets = [
    "Ermou", "Panepistimiou", "Stadiou", "Akadimias", "Tsimiski", "Egnatia", "Kifisias",
    "Syngrou", "Vasilissis Sofias", "Patision",
  ]

  static let tags = [
    "eco", "family", "new", "popular", "open-late", "delivery", "parking", "wifi",
    "accessible", "kids",
  ]

  static let adjectives: [(greek: String, english: String)] = [
    ("Καλοκαιρινή", "Summer"), ("Χειμερινή", "Winter"), ("Μεγάλη", "Big"),
    ("Αποκλειστική", "Exclusive"), ("Εβδομαδιαία", "Weekly"), ("Πράσινη", "Green"),
    ("Οικογενειακή", "Family"), ("Ψηφιακή", "Digital"),
  ]

  static let nouns: [(greek: String, english: String)] = [
    ("προσφορά", "offer"), ("έκπτωση", "discount"), ("ανταμοιβή", "reward"),
    ("εκστρατεία", "campaign"), ("δώρο", "gift"), ("ευκαιρία", "deal"),
  ]

  static let products: [(greek: String, english: String)] = [
    ("καφέ", "coffee"), ("ψώνια", "groceries"), ("ρεύμα", "electricity"),
    ("βιβλία", "books"), ("εισιτήρια", "tickets"), ("ρούχα", "clothes"),
  ]

  static let firstNames = [
    "Maria", "Giorgos", "Eleni", "Nikos", "Katerina", "Dimitris", "Sofia", "Kostas",
  ]

  static let lastNames = [
    "Papadopoulou", "Georgiou", "Nikolaidou", "Ioannou", "Christodoulou", "Vasileiou",
  ]

  static let offerCategories = ["food", "energy", "shopping", "travel", "health", "fun"]

  static let campaignFilters = ["all", "new", "popular", "ending-soon"]

  static let articleCategories = ["news", "tips", "offers", "energy"]

  static let cardIssuers = ["visa", "mastercard", "amex"]
}
