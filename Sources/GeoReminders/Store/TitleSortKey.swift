import Foundation

/// The text a title sorts and searches by: folded for case, diacritics and width in the store's
/// locale, compared byte-wise by SQLite. Stored in `reminder.titleKey`, rebuilt when the
/// store's locale changes.
struct TitleSortKey: Sendable {
    let locale: Locale
    /// Turkish and Azeri fold dotted and dotless i differently from ASCII's rule.
    private let asciiFoldsLikeEnglish: Bool

    init(locale: Locale) {
        self.locale = locale
        let language = locale.language.languageCode?.identifier
        asciiFoldsLikeEnglish = language != "tr" && language != "az"
    }

    func key(_ title: String) -> String {
        var folder = Folder(keys: self)
        return folder.key(title)
    }

    /// Folds many titles, remembering how each non-ASCII character folds: Foundation's folding
    /// costs microseconds per call, and a batch's titles share few distinct characters.
    struct Folder {
        let keys: TitleSortKey
        private var folded: [Character: String] = [:]

        init(keys: TitleSortKey) {
            self.keys = keys
        }

        mutating func key(_ title: String) -> String {
            if keys.asciiFoldsLikeEnglish, title.utf8.allSatisfy({ $0 < 0x80 }) {
                return String(decoding: title.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
            }
            // Folding is per character (grapheme cluster), so folding each one alone is the same.
            var key = ""
            key.reserveCapacity(title.utf8.count)
            for character in title {
                if keys.asciiFoldsLikeEnglish, let ascii = character.asciiValue {
                    key.unicodeScalars.append(Unicode.Scalar(ascii >= 65 && ascii <= 90 ? ascii + 32 : ascii))
                } else if let known = folded[character] {
                    key += known
                } else {
                    let fold = String(character).folding(
                        options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: keys.locale)
                    folded[character] = fold
                    key += fold
                }
            }
            return key
        }
    }
}
