/// The SVG picture inline in a page, with a table of the alarms that fired; hovering a marker (or
/// a row) shows its details and highlights the other. One file, no external reference.
package struct HTMLMap: Sendable {
    package let svg: SVGMap

    package init(svg: SVGMap) {
        self.svg = svg
    }

    package func text() throws -> String {
        let scene = svg.scene
        var rows = ""
        for (index, marker) in scene.markers.enumerated() {
            rows +=
                #"<tr id="row-\#(index)" data-marker="marker-\#(index)"><td>\#(XMLText.escape(marker.time))</td><td class="\#(marker.kind)">\#(marker.kind)</td><td>\#(XMLText.escape(marker.title))</td><td>\#(XMLText.escape(marker.place ?? ""))</td><td>\#(XMLText.escape(marker.device ?? ""))</td><td>\#(marker.distance.map { String(format: "%.0f m", $0) } ?? "")</td></tr>"#
            rows += "\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(XMLText.escape(scene.title))</title>
            <style>
            body { font-family: sans-serif; margin: 16px; color: #1d1d1d; }
            #tip { position: fixed; pointer-events: none; background: #fff; border: 1px solid #888; padding: 4px 8px; display: none; font-size: 13px; }
            table { border-collapse: collapse; margin-top: 12px; }
            td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
            td.enter { color: #1b7f3b; } td.leave { color: #b3261e; }
            tr.hover, tr:hover { background: #fff3c4; }
            .marker.hover path { stroke: #1d1d1d; stroke-width: 3; }
            .marker { cursor: pointer; }
            </style>
            </head>
            <body>
            <div id="map">
            \(try svg.text(standalone: false))</div>
            <div id="tip"></div>
            <table id="events">
            <thead><tr><th>time</th><th>kind</th><th>reminder</th><th>place</th><th>device</th><th>distance</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            <script>
            (function () {
              var tip = document.getElementById("tip");
              function pair(id) {
                var marker = document.getElementById(id.replace("row-", "marker-"));
                var row = document.getElementById(id.replace("marker-", "row-"));
                return [marker, row];
              }
              function show(id, on, event) {
                pair(id).forEach(function (e) { if (e) { e.classList.toggle("hover", on); } });
                var marker = pair(id)[0];
                if (on && marker && event) {
                  tip.textContent = marker.querySelector("title").textContent;
                  tip.style.left = (event.clientX + 12) + "px";
                  tip.style.top = (event.clientY + 12) + "px";
                  tip.style.display = "block";
                } else { tip.style.display = "none"; }
              }
              document.querySelectorAll(".marker, #events tbody tr").forEach(function (e) {
                e.addEventListener("mouseenter", function (event) { show(e.id, true, event); });
                e.addEventListener("mouseleave", function () { show(e.id, false); });
              });
            })();
            </script>
            </body>
            </html>

            """
    }
}
