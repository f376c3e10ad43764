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
        // ASCII titles skip Foundation's folding, which costs microseconds per call.
        if asciiFoldsLikeEnglish, title.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: title.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        }
        return title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
    }
}
