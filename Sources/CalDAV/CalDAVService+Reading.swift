import Foundation
import GeoReminders

/// PROPFIND, REPORT and GET.
extension CalDAVService {
    /// PROPFIND Depth 0 or 1 (RFC 4918 §9.1); Depth infinity is refused (§9.1, propfind-finite-depth).
    func propfind(_ request: DAVRequest, _ path: DAVPath) throws -> DAVResponse {
        let body = try request.xml()
        if let body, body.name != .d("propfind") { throw DAVError.status(400, "a PROPFIND body is a DAV:propfind element") }
        let properties = PropertyRequest(body)
        // No Depth means infinity (RFC 4918 §9.1), answered as 1, the deepest this tree needs.
        guard let depth = request.depth(fallback: 1) else {
            throw DAVError.precondition(403, .d("propfind-finite-depth"), "Depth: infinity is not supported")
        }
        let resource = try resource(path, reading: ListReading(bytes: properties.needsBytes))
        let privileges = privilegesOf(request)
        let minimal = request.isMinimal
        var entries = [entry(href: request.path, resource, properties, privileges: privileges, minimal: minimal)]
        if depth >= 1 {
            let base = request.path.hasSuffix("/") ? request.path : request.path + "/"
            for (segment, member) in members(of: resource) {
                let href = base + DAVPath.encoded(segment) + (Self.isObject(member) ? "" : "/")
                entries.append(entry(href: href, member, properties, privileges: privileges, minimal: minimal))
            }
        }
        return .multistatus(Multistatus(entries: entries))
    }

    /// The members one level down, with their names (collections end with `/`).
    func members(of resource: DAVResource) -> [(String, DAVResource)] {
        switch resource {
        case .root: return []
        case .principals: return [(account.principal, .principal)]
        case let .home(lists): return lists.map { ($0.grant.segment, .collection($0)) }
        case let .collection(state): return state.objects.map { ($0.name, .object($0, list: state.grant)) }
        case .principal, .object: return []
        }
    }

    /// The caller's privileges, which ``respond(_:privileges:)`` puts in the request (over any
    /// header of that name a client sent).
    func privilegesOf(_ request: DAVRequest) -> DAVPrivileges {
        request.header(Self.privilegesHeader) == "read" ? .read : .readWrite
    }

    static let privilegesHeader = "x-georemind-dav-privileges"

    func get(_ path: DAVPath) throws -> DAVResponse {
        guard case let .object(object, _) = try resource(path) else {
            // A browser or GNOME Errands looking at a collection: say what it is.
            return DAVResponse(
                status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Array("georemind CalDAV: add this address as a CalDAV account.\n".utf8))
        }
        return DAVResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/calendar; charset=utf-8; component=vtodo"), ("ETag", object.etag),
                ("Last-Modified", Self.httpDate(object.lastModifiedDate)),
            ],
            body: object.data)
    }

    func report(_ request: DAVRequest, _ path: DAVPath) throws -> DAVResponse {
        guard let body = try request.xml() else { throw DAVError.status(400, "a REPORT needs a body") }
        let report = try ReportRequest(body)
        let resource = try resource(path, reading: report.reading)
        let privileges = privilegesOf(request)
        let minimal = request.isMinimal
        let base = request.path.hasSuffix("/") ? request.path : request.path + "/"
        switch report {
        case let .multiget(properties, hrefs):
            guard case let .collection(state) = resource else {
                throw DAVError.precondition(403, .d("supported-report"), "calendar-multiget applies to a list")
            }
            // By name: a client's multiget names every member of a large list at once.
            let index = state.indexByName
            let entries = hrefs.map { href -> Multistatus.Entry in
                guard let name = Self.memberName(href, under: base, in: state), let position = index[name] else {
                    return Multistatus.Entry(href: href, status: 404)
                }
                return entry(
                    href: href, .object(state.objects[position], list: state.grant), properties, privileges: privileges,
                    minimal: minimal)
            }
            return .multistatus(Multistatus(entries: entries))
        case let .query(properties, filter):
            guard case let .collection(state) = resource else {
                throw DAVError.precondition(403, .d("supported-report"), "calendar-query applies to a list")
            }
            let entries = state.objects.filter(filter.matches).map { object in
                entry(
                    href: base + DAVPath.encoded(object.name), .object(object, list: state.grant), properties, privileges: privileges,
                    minimal: minimal)
            }
            return .multistatus(Multistatus(entries: entries))
        case let .sync(properties, token):
            guard let (current, currentToken, collection) = syncMembers(resource) else {
                throw DAVError.precondition(403, .d("supported-report"), "sync-collection applies to a list or the calendar home")
            }
            var old: [String: String] = [:]
            if !token.isEmpty {
                guard let known = try history.members(at: token, collection: collection) else {
                    throw DAVError.precondition(403, .d("valid-sync-token"), "unknown or expired sync token; sync afresh")
                }
                old = known
            }
            var entries: [Multistatus.Entry] = []
            for (name, member) in members(of: resource) {
                let key = Self.memberKey(name, member)
                guard old[key] != current[key] else { continue }
                let suffix = Self.isObject(member) ? "" : "/"
                entries.append(
                    entry(
                        href: base + DAVPath.encoded(name) + suffix, member, properties, privileges: privileges, minimal: minimal))
            }
            for name in old.keys.sorted() where current[name] == nil {
                let segment = name.hasSuffix("/") ? DAVPath.encoded(String(name.dropLast())) + "/" : DAVPath.encoded(name)
                entries.append(Multistatus.Entry(href: base + segment, status: 404))
            }
            history.handOut(currentToken)
            return .multistatus(Multistatus(entries: entries, syncToken: currentToken))
        }
    }

    /// The member an href names in `state`'s list, requested as `base`: an href spelled as the
    /// request's own path plus one segment is read without parsing the whole path (a multiget
    /// names every member of a large list); any other spelling (a whole URL, another case of the
    /// list's UUID) is parsed.
    static func memberName(_ href: String, under base: String, in state: ListState) -> String? {
        if href.utf8.starts(with: base.utf8) {
            let rest = href.utf8.dropFirst(base.utf8.count)
            if !rest.isEmpty, !rest.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
                return DAVPath.decoded(String(Substring(rest)))
            }
        }
        guard case let .object(_, list, name)? = DAVPath(href),
            list == state.grant.segment || listID(forSegment: list) == state.list.id
        else { return nil }
        return name
    }

    /// A collection's members as its sync token covers them (name → version), that token, and
    /// the key its states are recorded under; nil for a resource that is no collection.
    func syncMembers(_ resource: DAVResource) -> (members: [String: String], token: String, collection: String)? {
        switch resource {
        case let .collection(state):
            return (
                Dictionary(state.objects.map { ($0.name, $0.etag) }, uniquingKeysWith: { a, _ in a }), state.token,
                state.syncCollection
            )
        case let .home(lists):
            return (
                Dictionary(lists.map { ($0.grant.segment + "/", $0.token) }, uniquingKeysWith: { a, _ in a }), homeToken(lists),
                homeSyncCollection
            )
        default: return nil
        }
    }

    static func memberKey(_ name: String, _ member: DAVResource) -> String {
        isObject(member) ? name : name + "/"
    }
}
