import Foundation
import GeoReminders

/// One alert as an e-mail (RFC 5322, MIME multipart/alternative): the facts of ``AlertText`` in
/// plain text and in HTML, with the Done link. `Message-ID` is made from the event id, so a
/// resent alert (a retry after a lost answer) carries the same id and mail readers thread or
/// drop it instead of showing a second message.
package struct MailMessage: Sendable {
    package var from: String
    package var to: String
    package var messageID: String
    /// The whole message, CRLF line ends, ready for DATA (before dot-stuffing).
    package var text: String

    package init(_ event: OutboxEvent, from: String, to: String, done: String?, now: Date) {
        let alert = AlertText(event)
        self.from = from
        self.to = to
        messageID = "<\(event.id)@georemind>"
        var plain = [alert.title, "", alert.message]
        if let geo = alert.geoURI { plain.append(geo) }
        if let done { plain += ["", "Done: \(done)"] }
        var html = "<p><strong>\(Self.escape(alert.title))</strong></p><p>\(Self.escape(alert.message))</p>"
        if let geo = alert.geoURI { html += "<p><a href=\"\(Self.escape(geo))\">\(Self.escape(geo))</a></p>" }
        if let done { html += "<p><a href=\"\(Self.escape(done))\">Done</a></p>" }
        let boundary = "georemind-\(event.id)"
        let headers = [
            "From: georemind <\(from)>",
            "To: <\(to)>",
            "Subject: \(Self.encodedWord(alert.title))",
            "Date: \(Self.date(now))",
            "Message-ID: \(messageID)",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        let parts = [
            "--\(boundary)", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "",
            Self.base64Lines(plain.joined(separator: "\r\n")),
            "--\(boundary)", "Content-Type: text/html; charset=utf-8", "Content-Transfer-Encoding: base64", "",
            Self.base64Lines("<!doctype html><html><body>\(html)</body></html>"),
            "--\(boundary)--",
        ]
        text = (headers + [""] + parts).joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 2047 for a subject that is not plain ASCII.
    static func encodedWord(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 }) { return text }
        return "=?utf-8?B?\(Data(text.utf8).base64EncodedString())?="
    }

    /// Base64 in lines of 76 characters (RFC 2045 section 6.8).
    static func base64Lines(_ text: String) -> String {
        let encoded = Data(text.utf8).base64EncodedString()
        return stride(from: 0, to: encoded.count, by: 76).map { start in
            let from = encoded.index(encoded.startIndex, offsetBy: start)
            let to = encoded.index(from, offsetBy: min(76, encoded.count - start))
            return String(encoded[from..<to])
        }.joined(separator: "\r\n")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// RFC 5322 section 3.3, in UTC.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss +0000"
        return formatter.string(from: date)
    }
}
