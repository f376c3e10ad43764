// georemind's live map: places and their reminders, each device's last position, accuracy and
// recent track, and alarms as they fire (Server-Sent Events from /events).
(function () {
  "use strict";
  var tokenKey = "georemind-token";
  // A token given in the address (#token=...) is kept in this tab's session storage and removed
  // from the address, so it is typed once and never bookmarked.
  var match = /token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(tokenKey, decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname);
  }
  var token = sessionStorage.getItem(tokenKey);
  var login = document.getElementById("login");
  if (!token) {
    login.hidden = false;
    login.addEventListener("submit", function (event) {
      event.preventDefault();
      sessionStorage.setItem(tokenKey, document.getElementById("token").value.trim());
      location.reload();
    });
    return;
  }

  function api(path) {
    return fetch(path, { headers: { Authorization: "Bearer " + token } }).then(function (response) {
      if (response.status === 401 || response.status === 403) {
        sessionStorage.removeItem(tokenKey);
        location.reload();
        throw new Error("token refused");
      }
      return response.json();
    });
  }

  document.getElementById("app").hidden = false;
  var map = L.map("map", { zoomControl: true });
  var colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"];
  var deviceLayers = {};
  var reminders = [];
  var insideByReminder = {};
  var fitted = false;
  var bounds = L.latLngBounds([]);

  function fit() {
    if (!fitted && bounds.isValid()) { map.fitBounds(bounds.pad(0.15)); fitted = true; }
  }

  api("/config.json").then(function (config) {
    if (config.tiles) {
      L.tileLayer(config.tiles, { maxZoom: 19, attribution: config.attribution || "" }).addTo(map);
    }
  });
  map.setView([0, 0], 2);

  function drawPlaces() {
    var seen = {};
    reminders.forEach(function (reminder) {
      reminder.alarms.forEach(function (alarm) {
        if (alarm.type !== "location" || !alarm.location) { return; }
        var place = alarm.location;
        var key = place.title + place.latitude + place.longitude;
        if (seen[key]) { return; }
        seen[key] = true;
        var layer;
        if (place.area) {
          layer = L.polygon(place.area.coordinates.map(function (ring) {
            return ring.map(function (p) { return [p[1], p[0]]; });
          }), { color: "#3b5578", weight: 2, fillOpacity: 0.15, className: "place" });
        } else {
          layer = L.circle([place.latitude, place.longitude], {
            radius: place.radius || 100, color: "#3b5578", weight: 2, fillOpacity: 0.15, className: "place"
          });
        }
        layer.bindTooltip(place.title).addTo(map);
        bounds.extend(layer.getBounds());
      });
    });
    fit();
  }

  function levelClass(reminder) { return "level-" + reminder.priorityLevel; }

  function drawReminderList() {
    var list = document.getElementById("reminders");
    list.innerHTML = "";
    var devices = Object.keys(deviceLayers).sort();
    reminders.forEach(function (reminder) {
      var item = document.createElement("li");
      item.className = "reminder " + levelClass(reminder);
      item.dataset.id = reminder.id;
      var place = reminder.alarms.filter(function (a) { return a.type === "location"; })[0];
      item.textContent = reminder.title + (place ? " — " + (place.proximity === "leave" ? "leaving " : "arriving at ") + place.location.title : "");
      var states = document.createElement("div");
      states.className = "state";
      devices.forEach(function (device) {
        var span = document.createElement("span");
        var inside = (insideByReminder[device] || {})[reminder.id];
        span.className = inside ? "inside" : "outside";
        span.textContent = device + ": " + (inside ? "inside" : "outside") + " ";
        states.appendChild(span);
      });
      if (devices.length === 0) { states.textContent = "no device yet: unknown"; }
      item.appendChild(states);
      list.appendChild(item);
    });
  }

  function drawDevices(view) {
    insideByReminder = {};
    view.devices.forEach(function (device, index) {
      var colour = colours[index % colours.length];
      var position = [device.latitude, device.longitude];
      var layers = deviceLayers[device.id];
      if (!layers) {
        layers = deviceLayers[device.id] = {
          track: L.polyline([], { color: colour, weight: 3, className: "device-track" }).addTo(map),
          accuracy: L.circle(position, { radius: 1, color: colour, weight: 1, fillOpacity: 0.1, className: "device-accuracy" }).addTo(map),
          marker: L.circleMarker(position, { radius: 7, color: "#fff", weight: 2, fillColor: colour, fillOpacity: 1, className: "device-marker" })
            .bindTooltip(device.id, { permanent: true, direction: "right", className: "device-label" }).addTo(map)
        };
      }
      layers.marker.setLatLng(position);
      // Speed (m/s) and battery (a fraction) as the app last reported them.
      var label = device.id;
      if (typeof device.speed === "number") { label += " · " + Math.round(device.speed * 3.6) + " km/h"; }
      if (typeof device.battery === "number") { label += " · " + Math.round(device.battery * 100) + " %"; }
      layers.marker.setTooltipContent(label);
      layers.marker.getElement() && layers.marker.getElement().setAttribute("data-device", device.id);
      layers.marker.getElement() && layers.marker.getElement().setAttribute("data-position", device.latitude.toFixed(6) + "," + device.longitude.toFixed(6));
      layers.accuracy.setLatLng(position).setRadius(device.accuracy || 1);
      layers.track.setLatLngs(device.track);
      bounds.extend(position);
      var inside = insideByReminder[device.id] = {};
      device.inside.forEach(function (id) { inside[id] = true; });
    });
    fit();
    drawReminderList();
    document.getElementById("status").textContent = view.devices.length + " device(s), updated " + new Date().toLocaleTimeString();
  }

  function addAlarm(event) {
    var data = event.data;
    var list = document.getElementById("alarms");
    if (document.getElementById(data.id)) { return; }
    var item = document.createElement("li");
    item.id = data.id;
    var kind = event.type === "alarm.leave" ? "leave" : event.type === "alarm.arrive" ? "enter" : "time";
    item.className = "alarm alarm-" + kind;
    item.textContent = new Date(event.timestamp).toLocaleString() + " " + kind + " — " + data.reminder.title +
      (data.location ? " at " + data.location.title : "") + (data.device ? " (" + data.device + ")" : "");
    list.insertBefore(item, list.firstChild);
    if (data.fix) {
      L.marker([data.fix.latitude, data.fix.longitude], { title: data.reminder.title })
        .bindPopup(item.textContent).addTo(map);
    }
  }

  function refresh() {
    api("/api/v1/live").then(drawDevices).catch(function () {});
  }

  api("/api/v1/reminders?location&sort=priority").then(function (list) {
    reminders = list;
    drawPlaces();
    drawReminderList();
    refresh();
    setInterval(refresh, 1000);
  });
  // The alarms already in the outbox (the last 20), then each new one as it fires.
  api("/api/v1/events?limit=1000").then(function (events) {
    events.slice(-20).forEach(addAlarm);
    var stream = new EventSource("/events?access_token=" + encodeURIComponent(token));
    ["alarm.arrive", "alarm.leave", "alarm.time"].forEach(function (type) {
      stream.addEventListener(type, function (message) { addAlarm(JSON.parse(message.data)); refresh(); });
    });
  });
})();
