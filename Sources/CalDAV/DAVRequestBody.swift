/// What a PROPFIND or REPORT asks for (RFC 4918 §9.1, RFC 4791 §7, RFC 6578 §3).
package enum PropertyRequest: Hashable, Sendable {
    case named([DAVName])
    case all(including: [DAVName])
    case names

    /// Whether an answer needs resources' bytes (their data or length), not only names and tags.
    var needsBytes: Bool {
        switch self {
        case let .named(names): names.contains(.d("getcontentlength")) || names.contains(.c("calendar-data"))
        case .all: true
        case .names: false
        }
    }

    /// From the element that holds `prop`, `allprop` or `propname`; all properties when none.
    init(_ parent: DAVElement?) {
        guard let parent else {
            self = .all(including: [])
            return
        }
        if let prop = parent.child(.d("prop")) {
            self = .named(prop.children.map(\.name))
        } else if parent.child(.d("propname")) != nil {
            self = .names
        } else {
            self = .all(including: parent.child(.d("include"))?.children.map(\.name) ?? [])
        }
    }
}

/// A REPORT body.
package enum ReportRequest: Hashable, Sendable {
    case multiget(PropertyRequest, hrefs: [String])
    case query(PropertyRequest, filter: CalendarQueryFilter)
    case sync(PropertyRequest, token: String)

    /// How much of the list the report reads: a query filters on whole reminders and their bytes.
    var reading: ListReading {
        switch self {
        case let .multiget(properties, _), let .sync(properties, _): ListReading(bytes: properties.needsBytes)
        case .query: ListReading(whole: true)
        }
    }

    init(_ root: DAVElement) throws(DAVError) {
        switch root.name {
        case .c("calendar-multiget"):
            self = .multiget(PropertyRequest(root), hrefs: root.children(.d("href")).map { $0.text.trimmed })
        case .c("calendar-query"):
            self = .query(PropertyRequest(root), filter: try CalendarQueryFilter(root.child(.c("filter"))))
        case .d("sync-collection"):
            if let level = root.child(.d("sync-level"))?.text.trimmed, level != "1" {
                throw .precondition(403, .d("sync-traversal-supported"), "only sync-level 1 is supported")
            }
            self = .sync(PropertyRequest(root), token: root.child(.d("sync-token"))?.text.trimmed ?? "")
        default:
            throw .precondition(403, .d("supported-report"), "REPORT \(root.name) is not supported here")
        }
    }
}

extension String {
    var trimmed: String {
        // By index, not through a reversed copy: a multiget names thousands of hrefs.
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
