import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird
import LiveEvaluation
import NIOPosix

/// The live map at `/`: the page, its script and style (compiled in), Leaflet served from where
/// Debian's `libjs-leaflet` puts it (no copy in the repository, no CDN), the page's settings, and
/// `GET /api/v1/live` with each device's position, track and the places it is inside.
struct LivePage: Sendable {
    let source: any LiveViewSource
    let readings: LatestReadings
    /// Debian's `libjs-leaflet` files.
    let leafletDirectory: String
    /// A tile URL template (`https://tile.example.org/{z}/{x}/{y}.png`); nil: a plain background.
    let tiles: String?
    /// Narrows the view to what a token's account may see (``GeoReminders/LiveView/seen(owning:reading:)``).
    let scope: @Sendable (APIToken, LiveView) throws -> LiveView

    func register(on root: RouteGroup) {
        root.on("/", .get) { _, _ in
            Self.asset(PackageResources.live_html, type: "text/html; charset=utf-8", cache: "no-cache")
        }
        root.on("/live.js", .get) { _, _ in
            Self.asset(PackageResources.live_js, type: "text/javascript; charset=utf-8", cache: "max-age=300")
        }
        root.on("/live.css", .get) { _, _ in
            Self.asset(PackageResources.live_css, type: "text/css; charset=utf-8", cache: "max-age=300")
        }
        root.on("/config.json", .get) { _, _ in
            let object: [String: Any] = ["tiles": tiles ?? NSNull()]
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            return GeoServer.json(.ok, String(decoding: data, as: UTF8.self))
        }
        root.on("/leaflet/:file", .get) { _, context in try leaflet(context.parameters.require("file")) }
        root.on("/leaflet/images/:file", .get) { _, context in
            try leaflet("images/" + context.parameters.require("file"))
        }
        root.on("/api/v1/live", .get) { _, context in
            guard let token = context.token else { throw HTTPError(.unauthorized, message: "a valid token is required") }
            guard token.scope.allows(.read) else { throw HTTPError(.forbidden, message: "this token's scope does not allow this") }
            let view = try await source.view()
            let seen = try await NIOThreadPool.singleton.runIfActive { try scope(token, view) }
            return GeoServer.json(.ok, Self.json(seen, readings: readings))
        }
    }

    /// Leaflet's script, style and marker images, by name only (no path outside the directory).
    func leaflet(_ name: String) throws -> Response {
        let allowed = [
            "leaflet.js", "leaflet.css", "images/marker-icon.png", "images/marker-icon-2x.png", "images/marker-shadow.png",
            "images/layers.png", "images/layers-2x.png",
        ]
        guard allowed.contains(name) else { throw HTTPError(.notFound, message: "not found") }
        let path = leafletDirectory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HTTPError(.notFound, message: "\(path) is missing: install Debian's libjs-leaflet (scripts/install-deps does)")
        }
        let type =
            name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : name.hasSuffix(".css") ? "text/css; charset=utf-8" : "image/png"
        return Self.asset(Array(data), type: type, cache: "max-age=86400")
    }

    static func asset(_ bytes: [UInt8], type: String, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: cache],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// `{"devices":[{"accuracy","altitude","battery","id","inside":[reminder ids],"latitude","longitude","speed","time","track":[[lat,lon]…]}]}`:
    /// speed in m/s, battery a fraction, as the device last reported them.
    static func json(_ view: LiveView, readings: LatestReadings) -> String {
        let devices: [[String: Any]] = view.devices.map { device in
            var object: [String: Any] = [
                "id": device.id, "latitude": device.latitude, "longitude": device.longitude,
                "track": device.track.map { [$0.latitude, $0.longitude] }, "inside": device.insideReminderIDs,
            ]
            if let accuracy = device.accuracy { object["accuracy"] = accuracy }
            if let time = device.time { object["time"] = ISO8601DateFormatter().string(from: time) }
            if let reading = readings.reading(of: device.id) {
                if let speed = reading.speed { object["speed"] = speed }
                if let battery = reading.battery { object["battery"] = battery }
                if let altitude = reading.altitude { object["altitude"] = altitude }
            }
            return object
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["devices": devices], options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
