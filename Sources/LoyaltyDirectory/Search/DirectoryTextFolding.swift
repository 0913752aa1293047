/// Folds text for matching: lower case, accents removed, final sigma as sigma.
///
/// SQLite's `unicode61 remove_diacritics 2` tokenizer strips Latin diacritics but, in
/// the SQLite this SDK runs on (3.40), not the Greek tonos and dialytika: "καφε" would
/// not find "Καφέ". Directory text is therefore folded here before it is indexed and
/// before a query is matched, by every implementation, so they all agree.
public enum DirectoryTextFolding {
  /// `text` folded: `"Καφέ Λουμίδη"` becomes `"καφε λουμιδη"`.
  public static func fold(_ text: String) -> String {
    var folded = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if let replacement = table[scalar.value] {
        folded.append(Unicode.Scalar(replacement) ?? scalar)
      } else if (0x0300...0x036F).contains(scalar.value) {
        continue  // a combining mark left by a decomposed input
      } else {
        folded.append(scalar)
      }
    }
    return String(folded)
  }

  /// The words of `text`, folded, split on anything that is not a letter or a digit.
  public static func words(_ text: String) -> [String] {
    fold(text).split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// Precomposed lower-case letters and their base letters (Greek and Latin).
  private static let table: [UInt32: UInt32] = {
    var table: [UInt32: UInt32] = [:]
    let pairs: [(String, Character)] = [
      ("άα", "α"), ("έ", "ε"), ("ή", "η"), ("ίϊΐ", "ι"), ("ό", "ο"), ("ύϋΰ", "υ"), ("ώ", "ω"),
      ("ς", "σ"), ("àáâãäåā", "a"), ("çć", "c"), ("èéêëē", "e"), ("ìíîïī", "i"), ("ñ", "n"),
      ("òóôõöøō", "o"), ("ùúûüū", "u"), ("ýÿ", "y"), ("š", "s"), ("ž", "z"),
    ]
    for (accented, base) in pairs {
      for scalar in accented.unicodeScalars where scalar != base.unicodeScalars.first {
        table[scalar.value] = base.unicodeScalars.first?.value
      }
    }
    return table
  }()
}
