import Foundation
import GeoReminders

/// `georemind serve`'s CalDAV front (RFC 4791, tasks only): requests in, answers out, through the
/// store protocol, with no web framework. The principal is the calling account (``acting(as:)``);
/// each list it is a member of is a VTODO collection, each reminder a resource, and its role in
/// the list is what it may do there. What a PUT means is the iCalendar import's
/// business (GeoReminders); this type speaks WebDAV. See docs/caldav.md.
package struct CalDAVService: Sendable {
    package let access: any StoreAccess
    package let account: CalDAVAccount
    package let history: SyncHistory
    package let renders: RenderCache

    /// What CalDAV work reads and writes: the reminders, and the bytes clients stored for them.
    static let tables: StoreTables = [.reminders, .clientCopies]

    package init(
        access: any StoreAccess, account: CalDAVAccount = CalDAVAccount(), history: SyncHistory = SyncHistory(),
        renders: RenderCache = RenderCache()
    ) {
        self.access = access
        self.account = account
        self.history = history
        self.renders = renders
    }

    /// This service answering for `account`: its principal, its lists, its role in each.
    package func acting(as account: String) -> CalDAVService {
        CalDAVService(
            access: access, account: CalDAVAccount(principal: account, displayName: account), history: history, renders: renders)
    }

    /// The account whose requests these are: what it may read and change is its lists' business.
    var actor: String { account.principal }

    /// The DAV compliance classes of OPTIONS (RFC 4918 §10.1, RFC 4791 §5.1, RFC 5689 §3).
    package static let compliance = "1, 3, calendar-access, extended-mkcol"
    package static let allow = "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MKCOL"

    /// Answers `request`; `privileges` is what the caller's credentials allow.
    package func respond(_ request: DAVRequest, privileges: DAVPrivileges) -> DAVResponse {
        var request = request
        request.headers[Self.privilegesHeader] = privileges == .read ? "read" : "write"
        if request.method == "OPTIONS" {
            return DAVResponse(status: 200, headers: [("DAV", Self.compliance), ("Allow", Self.allow)])
        }
        guard let path = DAVPath(request.path) else { return .failure(.status(404, "nothing is at \(request.path)")) }
        do {
            switch request.method {
            case "PROPFIND": return try propfind(request, path)
            case "REPORT": return try report(request, path)
            case "GET", "HEAD": return try get(path)
            case "PUT", "DELETE", "PROPPATCH", "MKCALENDAR", "MKCOL":
                guard privileges == .readWrite else {
                    throw DAVError.precondition(403, .d("need-privileges"), "this token may only read (scope read)")
                }
                switch request.method {
                case "PUT": return try put(request, path)
                case "DELETE": return try delete(request, path)
                case "PROPPATCH": return try proppatch(request, path, privileges: privileges)
                default: return try makeCollection(request, path)
                }
            default:
                return DAVResponse(status: 405, headers: [("Allow", Self.allow)])
            }
        } catch let error as DAVError {
            return .failure(error)
        } catch let error as StoreError {
            return .failure(.status(Self.status(of: error), error.description))
        } catch let error as PeopleError {
            // An import step the caller's role does not allow (an assignee not in the list is dropped, not refused).
            if case .notPermitted = error { return .failure(.precondition(403, .d("need-privileges"), error.description)) }
            return .failure(.status(409, error.description))
        } catch {
            return .failure(.status(500, "\(error)"))
        }
    }

    static func status(of error: StoreError) -> Int {
        switch error {
        case .unknownList, .reminderNotFound: 404
        case .readOnlyList, .cannotRemoveDefaultList: 403
        default: 409
        }
    }

    /// The principal named in a path must be this account's.
    func checkPrincipal(_ name: String) throws(DAVError) {
        guard name == account.principal else { throw .status(404, "no principal \(name)") }
    }

    /// The list a collection segment names: its identifier (a UUID in any case), or the
    /// name-based identifier of another name (a client's chosen collection name).
    static func listID(forSegment segment: String) -> String {
        CalendarObject.reminderID(forUID: segment)
    }
}

/// The principal a request acts as: an account, named in the paths (`/dav/principals/NAME/`).
package struct CalDAVAccount: Sendable, Hashable {
    package var principal: String
    package var displayName: String

    package init(principal: String = "default", displayName: String = "georemind") {
        self.principal = principal
        self.displayName = displayName
    }
}

/// What the request's credentials allow (RFC 3744 privileges, as current-user-privilege-set shows them).
package enum DAVPrivileges: Sendable, Hashable {
    case read
    case readWrite
}
