/// A 207 Multi-Status body (RFC 4918 §13): one response per href, each with its properties
/// grouped by status, or a bare status (a sync-collection tombstone, RFC 6578 §3.5).
public struct Multistatus: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var href: String
        /// Properties by status code, in the order given.
        public var propstats: [(status: Int, properties: [DAVElement])]
        /// The status of a response with no properties (404 for a removed member).
        public var status: Int?

        public init(href: String, propstats: [(status: Int, properties: [DAVElement])] = [], status: Int? = nil) {
            self.href = href
            self.propstats = propstats
            self.status = status
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            a.href == b.href && a.status == b.status && a.propstats.count == b.propstats.count
                && zip(a.propstats, b.propstats).allSatisfy { $0.status == $1.status && $0.properties == $1.properties }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(href)
            hasher.combine(status)
        }
    }

    public var entries: [Entry]
    /// sync-collection's new token (RFC 6578 §6.2).
    public var syncToken: String?

    public init(entries: [Entry] = [], syncToken: String? = nil) {
        self.entries = entries
        self.syncToken = syncToken
    }

    public var element: DAVElement {
        var root = DAVElement(.d("multistatus"))
        for entry in entries {
            var response = DAVElement(.d("response"), children: [DAVElement(.d("href"), text: entry.href)])
            if let status = entry.status {
                response.children.append(DAVElement(.d("status"), text: Self.statusLine(status)))
            }
            for propstat in entry.propstats where !propstat.properties.isEmpty {
                response.children.append(
                    DAVElement(
                        .d("propstat"),
                        children: [
                            DAVElement(.d("prop"), children: propstat.properties),
                            DAVElement(.d("status"), text: Self.statusLine(propstat.status)),
                        ]))
            }
            root.children.append(response)
        }
        if let syncToken { root.children.append(DAVElement(.d("sync-token"), text: syncToken)) }
        return root
    }

    public var text: String { DAVXMLWriter.document(element) }

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
