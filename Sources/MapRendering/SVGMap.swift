import Foundation
import GeofenceEngine

/// A ``MapScene`` drawn as one self-contained SVG: no external reference, readable at 1,200 px.
/// Tracks are simplified in screen pixels (Douglas–Peucker by GEOS, half a pixel), so a million
/// fixes draw in a few megabytes; every place, refused fix and alarm marker is kept.
package struct SVGMap: Sendable {
    package let scene: MapScene
    package let viewport: Viewport
    /// Tolerance of the track simplification, in pixels.
    package var tolerance = 0.5

    /// One colour per device, in the order devices appear.
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    package init(scene: MapScene, width: Double = 1200) {
        self.scene = scene
        let extent = scene.extent
        viewport = Viewport(fitting: extent.isEmpty ? [Coordinate(latitude: 0, longitude: 0)] : extent, width: width)
    }

    /// The SVG document.
    package func text(standalone: Bool = true) throws -> String {
        var svg = ""
        if standalone { svg += ##"<?xml version="1.0" encoding="UTF-8"?>"## + "\n" }
        let (w, h) = (Int(viewport.width), Int(viewport.height))
        svg +=
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(w)" height="\##(h)" viewBox="0 0 \##(w) \##(h)" font-family="sans-serif" font-size="12">"##
        svg += "\n<title>\(XMLText.escape(scene.title))</title>\n"
        svg += ##"<rect id="background" width="\##(w)" height="\##(h)" fill="#f4f1ea"/>"## + "\n"
        svg += "<g id=\"places\">\n"
        for (index, place) in scene.places.enumerated() { svg += drawPlace(place, index: index) }
        svg += "</g>\n<g id=\"tracks\">\n"
        for (index, track) in scene.tracks.enumerated() { svg += try drawTrack(track, colour: Self.palette[index % Self.palette.count]) }
        svg += "</g>\n<g id=\"markers\">\n"
        for (index, marker) in scene.markers.enumerated() { svg += drawMarker(marker, index: index) }
        svg += "</g>\n"
        svg += decorations()
        svg += "</svg>\n"
        return svg
    }

    func path(_ ring: [Coordinate]) -> String {
        var d = ""
        for (index, coordinate) in ring.enumerated() {
            let p = viewport.point(coordinate)
            d += (index == 0 ? "M" : "L") + Self.number(p.x) + "," + Self.number(p.y)
        }
        return d + "Z"
    }

    func drawPlace(_ place: MapScene.Place, index: Int) -> String {
        var out = ##"<g class="place" id="place-\##(index)">"##
        out += "<title>\(XMLText.escape(place.label))</title>"
        if let band = place.band {
            out += ##"<path class="band" d="\##(path(band))" fill="none" stroke="#6a7f99" stroke-width="1" stroke-dasharray="4 3"/>"##
        }
        let d = ([place.outline] + place.holes).map(path).joined()
        out +=
            ##"<path class="fence" d="\##(d)" fill="#6a7f99" fill-opacity="0.18" fill-rule="evenodd" stroke="#3b5578" stroke-width="1.5"/>"##
        // The label above the outline's top.
        let top = place.outline.map { viewport.point($0) }.min { $0.y < $1.y } ?? (0, 0)
        let centreX = place.outline.map { viewport.point($0).x }.reduce(0, +) / Double(max(place.outline.count, 1))
        out +=
            ##"<text class="label" x="\##(Self.number(centreX))" y="\##(Self.number(top.y - 6))" text-anchor="middle" fill="#24344d">\##(XMLText.escape(place.title))</text>"##
        return out + "</g>\n"
    }

    func drawTrack(_ track: MapScene.Track, colour: String) throws -> String {
        var out = ##"<g class="track" data-device="\##(XMLText.escape(track.device))">"##
        out += "<title>\(XMLText.escape(track.device))</title>"
        let pixels = track.fixes.map { viewport.point($0) }
        let kept = try PolylineSimplifier.simplify(pixels, tolerance: tolerance)
        if kept.count > 1 {
            let points = kept.map { Self.number($0.x) + "," + Self.number($0.y) }.joined(separator: " ")
            out +=
                ##"<polyline class="line" points="\##(points)" fill="none" stroke="\##(colour)" stroke-width="2" stroke-linejoin="round"/>"##
        }
        // Fix dots at the vertices kept, so a long track stays light.
        var dots = ""
        for p in kept { dots += "M\(Self.number(p.x)),\(Self.number(p.y))h0" }
        if !dots.isEmpty {
            out += ##"<path class="fixes" d="\##(dots)" stroke="\##(colour)" stroke-width="4" stroke-linecap="round"/>"##
        }
        for rejected in track.rejected {
            let p = viewport.point(rejected.coordinate)
            let (x, y) = (Self.number(p.x), Self.number(p.y))
            out +=
                ##"<path class="rejected" d="M\##(x),\##(y)m-4,-4l8,8m0,-8l-8,8" stroke="\##(colour)" stroke-width="1.5"><title>\##(XMLText.escape(rejected.reason))</title></path>"##
        }
        if let first = pixels.first, let last = pixels.last {
            out +=
                ##"<circle class="start" cx="\##(Self.number(first.x))" cy="\##(Self.number(first.y))" r="6" fill="white" stroke="\##(colour)" stroke-width="2"><title>start</title></circle>"##
            out +=
                ##"<rect class="end" x="\##(Self.number(last.x - 5))" y="\##(Self.number(last.y - 5))" width="10" height="10" fill="\##(colour)"><title>end</title></rect>"##
        }
        return out + "</g>\n"
    }

    func drawMarker(_ marker: MapScene.Marker, index: Int) -> String {
        let p = viewport.point(marker.coordinate)
        let (x, y) = (Self.number(p.x), Self.number(p.y))
        let colour = marker.kind == "leave" ? "#b3261e" : "#1b7f3b"
        let detail = Self.detail(marker)
        var out = ##"<g class="marker" id="marker-\##(index)" data-kind="\##(marker.kind)" data-time="\##(XMLText.escape(marker.time))">"##
        out += "<title>\(XMLText.escape(detail))</title>"
        out += ##"<path d="M\##(x),\##(y)l-7,-16a8,8 0 1 1 14,0z" fill="\##(colour)" stroke="white" stroke-width="1.5"/>"##
        let caption = XMLText.escape(marker.title + " · " + marker.kind + " " + marker.time)
        out += ##"<text x="\##(Self.number(p.x + 10))" y="\##(Self.number(p.y - 12))" fill="#1d1d1d">\##(caption)</text>"##
        return out + "</g>\n"
    }

    /// `Leave work — leave at 2026-11-23T17:05:00-05:00 by phone, Work, 262 m from centre`.
    static func detail(_ marker: MapScene.Marker) -> String {
        var text = "\(marker.title) — \(marker.kind) at \(marker.time)"
        if let device = marker.device { text += " by \(device)" }
        if let place = marker.place { text += ", \(place)" }
        if let distance = marker.distance { text += String(format: ", %.0f m", distance) }
        return text
    }

    /// Title, north arrow, scale bar and legend.
    func decorations() -> String {
        let w = viewport.width
        let h = viewport.height
        var out = "<g id=\"decorations\">\n"
        out +=
            ##"<text id="heading" x="16" y="24" font-size="16" font-weight="bold" fill="#1d1d1d">\##(XMLText.escape(scene.title))</text>"##
        out += "\n"
        out +=
            ##"<g id="north" transform="translate(\##(Self.number(w - 30)),40)"><path d="M0,-18L7,6L0,1L-7,6Z" fill="#1d1d1d"/><text y="20" text-anchor="middle" font-weight="bold">N</text></g>"##
        out += "\n"
        let bar = ScaleBar(metresPerPixel: viewport.metresPerPixel, imperial: scene.imperial)
        let y = h - 20
        out +=
            ##"<g id="scale" transform="translate(16,\##(Self.number(y)))"><path d="M0,-6V0H\##(Self.number(bar.pixels))V-6" fill="none" stroke="#1d1d1d" stroke-width="2"/><text x="\##(Self.number(bar.pixels + 6))" y="0">\##(bar.label)</text></g>"##
        out += "\n"
        var legend =
            ##"<g id="legend" transform="translate(\##(Self.number(w - 200)),\##(Self.number(h - 20 - 16 * Double(scene.tracks.count + 2))))">"##
        legend +=
            ##"<rect x="-8" y="-14" width="196" height="\##(16 * (scene.tracks.count + 2) + 8)" fill="white" fill-opacity="0.85" stroke="#bbb"/>"##
        for (index, track) in scene.tracks.enumerated() {
            let colour = Self.palette[index % Self.palette.count]
            legend +=
                ##"<g class="legend-device" transform="translate(0,\##(16 * index))"><rect y="-9" width="14" height="4" fill="\##(colour)"/><text x="20">\##(XMLText.escape(track.device))</text></g>"##
        }
        let base = 16 * scene.tracks.count
        legend +=
            ##"<g transform="translate(0,\##(base))"><path d="M7,0l-5,-10a5,5 0 1 1 10,0z" fill="#1b7f3b"/><text x="20">arriving</text><path d="M87,0l-5,-10a5,5 0 1 1 10,0z" fill="#b3261e"/><text x="100">leaving</text></g>"##
        legend +=
            ##"<g transform="translate(0,\##(base + 16))"><path d="M2,-9l8,8m0,-8l-8,8" stroke="#555" stroke-width="1.5"/><text x="20">refused fix</text><path d="M82,-5h14" stroke="#3b5578" stroke-dasharray="4 3"/><text x="100">hysteresis</text></g>"##
        out += legend + "</g>\n</g>\n"
        return out
    }

    /// A coordinate to a tenth of a pixel.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
