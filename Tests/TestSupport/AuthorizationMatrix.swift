import Foundation

/// `Fixtures/authorization-matrix.txt`: every route and method of `georemind serve` × every kind
/// of caller → the status it answers (docs/people.md). Walked in-process against the router (which
/// also checks every route has a row) and against a real server on both store engines.
public enum AuthorizationMatrix {
    public static let roles = ["admin", "owner", "editor", "viewer", "nonmember", "ingest", "anonymous"]

    public struct Row: Sendable {
        public var method: String
        public var path: String
        /// By role: a status, or nil for `stream` (an endless event stream, not walked).
        public var expected: [String: Int?]
    }

    public enum MatrixError: Error, CustomStringConvertible {
        case badLine(String)
        public var description: String {
            switch self {
            case let .badLine(line):
                "authorization-matrix.txt: '\(line)' is not a method, a path and \(AuthorizationMatrix.roles.count) statuses"
            }
        }
    }

    public static func rows() throws -> [Row] {
        let text = try String(contentsOf: URL(fileURLWithPath: fixturePath("authorization-matrix.txt")), encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            guard fields.count == 2 + roles.count else { throw MatrixError.badLine(String(line)) }
            var expected: [String: Int?] = [:]
            for (role, text) in zip(roles, fields.dropFirst(2)) {
                guard text == "stream" || Int(text) != nil else { throw MatrixError.badLine(String(line)) }
                expected[role] = text == "stream" ? Int?.none : Int(text)
            }
            return Row(method: fields[0], path: fields[1], expected: expected)
        }
    }

    /// What must exist before a cell of `row` is sent: a channel, a token or a device of Anna's
    /// named for the cell, as the body of the admin or channel POST that makes it; nil for none.
    public static func fixture(for row: Row, cell: Int) -> (path: String, body: String, byAdmin: Bool)? {
        guard row.method == "DELETE" else { return nil }
        switch row.path {
        case "/api/v1/channels/:name":
            return ("/api/v1/channels", #"{"kind":"ntfy","target":"https://ntfy.example.org/c\#(cell)","name":"c\#(cell)"}"#, false)
        case "/api/v1/admin/tokens/:name":
            return ("/api/v1/admin/tokens", #"{"name":"t\#(cell)","scope":"read","account":"anna"}"#, true)
        case "/api/v1/admin/devices/:name":
            return ("/api/v1/admin/devices", #"{"name":"d\#(cell)","account":"anna"}"#, true)
        default:
            return nil
        }
    }

    /// The concrete request a cell sends for a route: path with query, and body. `reminder` is a
    /// reminder made for the cell in the list the roles are named after; `cell` numbers the cell
    /// (a channel named `c<cell>`, a token `t<cell>` and a device `d<cell>` exist for it where the
    /// route removes one: ``fixture(for:cell:)``).
    public static func request(_ row: Row, reminder: String, cell: Int) -> (uri: String, body: String?) {
        switch (row.method, row.path) {
        case ("GET", "/leaflet/:file"): ("/leaflet/leaflet.js", nil)
        case ("GET", "/leaflet/images/:file"): ("/leaflet/images/layers.png", nil)
        case (_, "/osmand"): ("/osmand?id=nobody&lat=1&lon=1&timestamp=1700000000", nil)
        case ("GET", "/gpslogger"): ("/gpslogger?lat=1&lon=1&time=2026-11-28T10:00:00Z", nil)
        case ("POST", "/owntracks"): ("/owntracks", #"{"_type":"lwt","tst":1}"#)
        case ("POST", "/overland"): ("/overland", #"{"locations":[]}"#)
        case ("POST", "/api/v1/reminders"): ("/api/v1/reminders", #"{"title":"Bread","list":"Household"}"#)
        case ("PATCH", "/api/v1/reminders/:id"): ("/api/v1/reminders/\(reminder)", #"{"priority":1}"#)
        case (_, "/api/v1/reminders/:id"): ("/api/v1/reminders/\(reminder)", nil)
        case ("POST", "/api/v1/reminders/:id/complete"): ("/api/v1/reminders/\(reminder)/complete", "{}")
        case ("POST", "/api/v1/channels"): ("/api/v1/channels", #"{"kind":"ntfy","target":"https://ntfy.example.org/t\#(cell)"}"#)
        case ("DELETE", "/api/v1/channels/:name"): ("/api/v1/channels/c\(cell)", nil)
        case ("POST", "/api/v1/admin/accounts"): ("/api/v1/admin/accounts", #"{"name":"new\#(cell)"}"#)
        case ("PATCH", "/api/v1/admin/accounts/:name"): ("/api/v1/admin/accounts/dave", #"{"disabled":false}"#)
        case ("POST", "/api/v1/admin/tokens"): ("/api/v1/admin/tokens", #"{"name":"new\#(cell)","scope":"read","account":"anna"}"#)
        case ("DELETE", "/api/v1/admin/tokens/:name"): ("/api/v1/admin/tokens/t\(cell)", nil)
        case ("POST", "/api/v1/admin/devices"): ("/api/v1/admin/devices", #"{"name":"new\#(cell)","account":"anna"}"#)
        case ("DELETE", "/api/v1/admin/devices/:name"): ("/api/v1/admin/devices/d\(cell)", nil)
        case (_, "/api/v1/actions/done"): ("/api/v1/actions/done?e=evt_01&x=1&s=forged", nil)
        default: (row.path, nil)
        }
    }
}
