/// What a PROPFIND or REPORT asks for (RFC 4918 §9.1, RFC 4791 §7, RFC 6578 §3).
public enum PropertyRequest: Hashable, Sendable {
    case named([DAVName])
    case all(including: [DAVName])
    case names

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
public enum ReportRequest: Hashable, Sendable {
    case multiget(PropertyRequest, hrefs: [String])
    case query(PropertyRequest, filter: CalendarQueryFilter)
    case sync(PropertyRequest, token: String)

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
