import Foundation
import GeoReminders

/// The properties each kind of resource has (RFC 4918 §15, RFC 4791 §5.2 and §6, RFC 5397,
/// RFC 6578 §4, RFC 3744 §5.4, Apple's getctag, calendar-color and calendar-order).
extension CalDAVService {
    /// What allprop and propname list for `resource`.
    func propertyNames(_ resource: DAVResource) -> [DAVName] {
        let common: [DAVName] = [.d("resourcetype"), .d("displayname"), .d("current-user-principal")]
        switch resource {
        case .root, .principals: return common
        case .principal: return common + [.d("principal-URL"), .c("calendar-home-set")]
        case .home: return common + [.d("owner"), .d("sync-token")]
        case .collection:
            return common + [
                .d("owner"), .cs("getctag"), .d("sync-token"), .c("supported-calendar-component-set"),
                DAVName(DAVName.appleICal, "calendar-color"), DAVName(DAVName.appleICal, "calendar-order"),
            ]
        case .object: return [.d("resourcetype"), .d("getetag"), .d("getcontenttype"), .d("getcontentlength"), .d("getlastmodified")]
        }
    }

    /// The value of `name` on `resource`; nil when it has no such property (a 404 propstat).
    func property(_ name: DAVName, of resource: DAVResource, privileges: DAVPrivileges) -> DAVElement? {
        func element(_ children: [DAVElement] = [], text: String = "") -> DAVElement {
            DAVElement(name, children: children, text: text)
        }
        func href(_ value: String) -> DAVElement { DAVElement(.d("href"), text: value) }
        let principal = DAVPath.principalHref(account.principal)
        switch (name, resource) {
        case (.d("current-user-principal"), _) where !Self.isObject(resource):
            return element([href(principal)])
        case (.d("resourcetype"), .principal):
            return element([DAVElement(.d("collection")), DAVElement(.d("principal"))])
        case (.d("resourcetype"), .collection):
            return element([DAVElement(.d("collection")), DAVElement(.c("calendar"))])
        case (.d("resourcetype"), .object): return element()
        case (.d("resourcetype"), _): return element([DAVElement(.d("collection"))])
        case (.d("displayname"), .collection(let state)): return element(text: state.list.title)
        case (.d("displayname"), .object): return nil
        case (.d("displayname"), _): return element(text: account.displayName)
        case (.d("principal-URL"), .principal): return element([href(principal)])
        case (.c("calendar-home-set"), .principal): return element([href(DAVPath.homeHref(account.principal))])
        case (.c("calendar-user-address-set"), .principal): return element()
        case (.d("principal-collection-set"), _): return element([href("/dav/principals/")])
        case (.d("owner"), .home): return element([href(principal)])
        case (.d("owner"), .collection(let state)): return element([href(DAVPath.principalHref(state.grant.owner))])
        case (.d("owner"), .object(_, let grant)): return element([href(DAVPath.principalHref(grant.owner))])
        case (.d("current-user-privilege-set"), _):
            var writable = privileges == .readWrite
            if case let .collection(state) = resource { writable = writable && state.grant.canEditReminders }
            if case let .object(_, grant) = resource { writable = writable && grant.canEditReminders }
            let names =
                ["read", "read-current-user-privilege-set"]
                + (writable ? ["write", "write-properties", "write-content", "bind", "unbind"] : [])
            return element(names.map { DAVElement(.d("privilege"), children: [DAVElement(.d($0))]) })
        case (.cs("getctag"), .collection(let state)):
            return element(text: state.token)
        case (.d("sync-token"), .collection(let state)):
            history.handOut(state.token)
            return element(text: state.token)
        case (.cs("getctag"), .home(let lists)):
            return element(text: homeToken(lists))
        case (.d("sync-token"), .home(let lists)):
            let token = homeToken(lists)
            history.handOut(token)
            return element(text: token)
        case (.c("supported-calendar-component-set"), .collection), (.c("supported-calendar-component-set"), .home):
            // VTODO only, and first: GNOME Errands takes a collection only when its first comp is VTODO.
            return element([DAVElement(.c("comp"), attributes: ["name": "VTODO"])])
        case (.d("supported-report-set"), .collection), (.d("supported-report-set"), .home):
            let reports: [DAVName] = [.c("calendar-multiget"), .c("calendar-query"), .d("sync-collection")]
            return element(
                reports.map { DAVElement(.d("supported-report"), children: [DAVElement(.d("report"), children: [DAVElement($0)])]) })
        case (.d("supported-report-set"), _): return element()
        case (DAVName(DAVName.appleICal, "calendar-color"), .collection(let state)):
            return element(text: state.list.colour + "FF")
        case (DAVName(DAVName.appleICal, "calendar-order"), .collection(let state)):
            return state.grant.position.map { element(text: String($0)) }
        case (.c("supported-calendar-data"), .collection):
            return element([DAVElement(.c("calendar-data"), attributes: ["content-type": "text/calendar", "version": "2.0"])])
        case (.d("getetag"), .object(let object, _)): return element(text: object.etag)
        case (.d("getcontenttype"), .object):
            return element(text: "text/calendar; charset=utf-8; component=vtodo")
        case (.d("getcontentlength"), .object(let object, _)): return element(text: String(object.data.count))
        case (.d("getlastmodified"), .object(let object, _)):
            return element(text: Self.httpDate(object.lastModifiedDate))
        case (.c("calendar-data"), .object(let object, _)):
            return DAVElement(name, utf8: object.data)
        default: return nil
        }
    }

    static func isObject(_ resource: DAVResource) -> Bool {
        if case .object = resource { true } else { false }
    }

    /// RFC 9110 §5.6.7's IMF-fixdate.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// One response of a multistatus: each requested property under 200 or 404.
    func entry(
        href: String, _ resource: DAVResource, _ request: PropertyRequest, privileges: DAVPrivileges, minimal: Bool
    ) -> Multistatus.Entry {
        var found: [DAVElement] = []
        var missing: [DAVElement] = []
        switch request {
        case let .named(names):
            for name in names {
                if let value = property(name, of: resource, privileges: privileges) {
                    found.append(value)
                } else {
                    missing.append(DAVElement(name))
                }
            }
        case let .all(including):
            for name in propertyNames(resource) + including {
                if let value = property(name, of: resource, privileges: privileges) { found.append(value) }
            }
        case .names:
            found = propertyNames(resource).map { DAVElement($0) }
        }
        var propstats: [(status: Int, properties: [DAVElement])] = [(200, found)]
        if !minimal { propstats.append((404, missing)) }
        return Multistatus.Entry(href: href, propstats: propstats)
    }
}

extension DAVName {
    static func cs(_ name: String) -> DAVName { DAVName(calendarServer, name) }
}
