/// A 207 Multi-Status body (RFC 4918 §13): one response per href, each with its properties
/// grouped by status, or a bare status (a sync-collection tombstone, RFC 6578 §3.5).
package struct Multistatus: Hashable, Sendable {
    package struct Entry: Hashable, Sendable {
        package var href: String
        /// Properties by status code, in the order given.
        package var propstats: [(status: Int, properties: [DAVElement])]
        /// The status of a response with no properties (404 for a removed member).
        package var status: Int?

        package init(href: String, propstats: [(status: Int, properties: [DAVElement])] = [], status: Int? = nil) {
            self.href = href
            self.propstats = propstats
            self.status = status
        }

        package static func == (a: Entry, b: Entry) -> Bool {
            a.href == b.href && a.status == b.status && a.propstats.count == b.propstats.count
                && zip(a.propstats, b.propstats).allSatisfy { $0.status == $1.status && $0.properties == $1.properties }
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(href)
            hasher.combine(status)
        }
    }

    package var entries: [Entry]
    /// sync-collection's new token (RFC 6578 §6.2).
    package var syncToken: String?

    package init(entries: [Entry] = [], syncToken: String? = nil) {
        self.entries = entries
        self.syncToken = syncToken
    }

    package var element: DAVElement {
        DAVElement(.d("multistatus"), children: entries.map(Self.response) + syncTokenElements)
    }

    /// The document as UTF-8: the element's bytes, written one response at a time into one buffer
    /// sized for the answer (a listing of a large list is megabytes).
    package var bytes: [UInt8] {
        guard !entries.isEmpty else { return DAVXMLWriter.bytes(element) }
        let size = entries.reduce(256) { total, entry in
            total + 256 + entry.href.utf8.count
                + entry.propstats.reduce(0) { $0 + $1.properties.reduce(0) { $0 + $1.textLength + 64 } }
        }
        return DAVXMLWriter.bytes(rootOf: .d("multistatus"), capacity: size) { out in
            for entry in entries { Self.write(entry, into: &out) }
            for token in syncTokenElements { DAVXMLWriter.write(token, into: &out) }
        }
    }

    private var syncTokenElements: [DAVElement] {
        syncToken.map { [DAVElement(.d("sync-token"), text: $0)] } ?? []
    }

    private static func response(_ entry: Entry) -> DAVElement {
        var response = DAVElement(.d("response"), children: [DAVElement(.d("href"), text: entry.href)])
        if let status = entry.status {
            response.children.append(DAVElement(.d("status"), text: statusLine(status)))
        }
        for propstat in entry.propstats where !propstat.properties.isEmpty {
            response.children.append(
                DAVElement(
                    .d("propstat"),
                    children: [
                        DAVElement(.d("prop"), children: propstat.properties),
                        DAVElement(.d("status"), text: statusLine(propstat.status)),
                    ]))
        }
        return response
    }

    /// One response as ``response(_:)``'s element is written, without making the element: a
    /// listing of a large list writes thousands.
    private static func write(_ entry: Entry, into out: inout [UInt8]) {
        out += "<d:response>".utf8
        if entry.href.isEmpty {
            out += "<d:href/>".utf8
        } else {
            out += "<d:href>".utf8
            DAVXMLWriter.appendEscaped(entry.href, attribute: false, to: &out)
            out += "</d:href>".utf8
        }
        if let status = entry.status { appendStatus(status, to: &out) }
        for propstat in entry.propstats where !propstat.properties.isEmpty {
            out += "<d:propstat><d:prop>".utf8
            for property in propstat.properties { DAVXMLWriter.write(property, into: &out) }
            out += "</d:prop>".utf8
            appendStatus(propstat.status, to: &out)
            out += "</d:propstat>".utf8
        }
        out += "</d:response>".utf8
    }

    private static func appendStatus(_ code: Int, to out: inout [UInt8]) {
        out += "<d:status>".utf8
        switch code {
        case 200: out += "HTTP/1.1 200 OK".utf8
        case 404: out += "HTTP/1.1 404 Not Found".utf8
        default: DAVXMLWriter.appendEscaped(statusLine(code), attribute: false, to: &out)
        }
        out += "</d:status>".utf8
    }

    package var text: String { DAVXMLWriter.document(element) }

    static func statusLine(_ code: Int) -> String {
        let reason =
            switch code {
            case 200: "OK"
            case 403: "Forbidden"
            case 404: "Not Found"
            case 409: "Conflict"
            case 424: "Failed Dependency"
            default: "Status"
            }
        return "HTTP/1.1 \(code) \(reason)"
    }
}
