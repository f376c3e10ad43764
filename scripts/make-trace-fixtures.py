#!/usr/bin/env python3
"""Writes the trace samples under Fixtures/traces/ (real-world shapes, small).

NMEA checksums and gzip members are computed here; run from the repository root:
    python3 scripts/make-trace-fixtures.py
"""
import gzip
import os
from functools import reduce

OUT = "Fixtures/traces"
os.makedirs(OUT, exist_ok=True)


def write(name, text, mode="w"):
    with open(os.path.join(OUT, name), mode) as f:
        f.write(text)


# GPX 1.1 from a fitness app: default namespace, Garmin extensions, two tracks, three
# segments, a waypoint and a route (skipped by default), a point without time, a bad time.
write("ride-garmin.gpx", """<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1"
     xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
     xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
     xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3"
     xmlns:osmand="https://osmand.net"
     xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
 <metadata>
  <name>Morning Ride</name>
  <time>2024-05-04T06:58:12Z</time>
 </metadata>
 <wpt lat="48.8584" lon="2.2945"><name>Tour Eiffel</name><time>2024-05-04T06:00:00Z</time></wpt>
 <rte>
  <name>Plan</name>
  <rtept lat="48.8530" lon="2.3499"><name>Notre-Dame</name></rtept>
  <rtept lat="48.8606" lon="2.3376"><name>Louvre</name></rtept>
 </rte>
 <trk>
  <name>Morning Ride</name>
  <type>cycling</type>
  <trkseg>
   <trkpt lat="48.8566140" lon="2.3522219">
    <ele>35.2</ele>
    <time>2024-05-04T07:00:00Z</time>
    <extensions>
     <gpxtpx:TrackPointExtension><gpxtpx:hr>98</gpxtpx:hr><gpxtpx:cad>0</gpxtpx:cad></gpxtpx:TrackPointExtension>
    </extensions>
   </trkpt>
   <trkpt lat="48.8567001" lon="2.3524502">
    <ele>35.4</ele>
    <time>2024-05-04T07:00:01.5Z</time>
    <extensions><osmand:hdop>0.9</osmand:hdop><osmand:accuracy>4.5</osmand:accuracy></extensions>
   </trkpt>
   <trkpt lat="48.8568123" lon="2.3526789">
    <ele>35.5</ele>
    <time>2024-05-04T07:00:02.123Z</time>
   </trkpt>
  </trkseg>
  <trkseg>
   <trkpt lat="48.8570000" lon="2.3530000">
    <ele>36.0</ele>
    <time>2024-05-04T07:05:00.123456789Z</time>
   </trkpt>
   <trkpt lat="48.8571000" lon="2.3531000">
    <ele>36.1</ele>
   </trkpt>
   <trkpt lat="48.8572000" lon="2.3532000">
    <time>yesterday</time>
   </trkpt>
   <trkpt lat="48.8573000" lon="2.3533000">
    <time>2024-05-04T09:05:03+02:00</time>
   </trkpt>
  </trkseg>
 </trk>
 <trk>
  <name>Back home</name>
  <trkseg>
   <trkpt lon="2.3600000" lat="48.8600000"><time>2024-05-04T08:00:00Z</time></trkpt>
   <trkpt lat="abc" lon="2.3601"><time>2024-05-04T08:00:01Z</time></trkpt>
   <trkpt lon="2.3602"><time>2024-05-04T08:00:02Z</time></trkpt>
   <trkpt lat="-33.8688" lon="151.2093"><time>2024-05-04T08:00:03.25Z</time></trkpt>
  </trkseg>
 </trk>
</gpx>
""")

# GPX 1.0 with a prefixed root (every element namespaced) and GPSLogger's accuracy extension.
write("logger-prefixed.gpx", """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<g:gpx xmlns:g="http://www.topografix.com/GPX/1/0" version="1.0" creator="GPSLogger 131 - http://gpslogger.mendhak.com/">
<g:time>2023-11-14T22:13:20Z</g:time>
<g:trk>
<g:trkseg>
<g:trkpt lat="51.5007292" lon="-0.1246254"><g:ele>12.0</g:ele><g:time>2023-11-14T22:13:20Z</g:time><g:course>0.0</g:course><g:speed>0.0</g:speed><g:src>gps</g:src><g:sat>9</g:sat><g:hdop>0.8</g:hdop><g:extensions><g:hacc>3.9</g:hacc></g:extensions></g:trkpt>
<g:trkpt lat="51.5008001" lon="-0.1247002"><g:ele>12.5</g:ele><g:time>2023-11-14T22:13:25.000Z</g:time><g:hdop>0.9</g:hdop></g:trkpt>
<g:trkpt lat="51.5009010" lon="-0.1248020"><g:time>2023-11-14T22:13:30.12Z</g:time></g:trkpt>
</g:trkseg>
</g:trk>
</g:gpx>
""")

write("unclosed.gpx", """<?xml version="1.0"?>
<gpx version="1.1" creator="cut" xmlns="http://www.topografix.com/GPX/1/1">
 <trk><trkseg>
  <trkpt lat="10.0" lon="20.0"><time>2024-01-01T00:00:00Z</time></trkpt>
  <trkpt lat="10.1" lon="20.1"><time>2024-01-01T00:00:01Z</time></trkpt>
""")

write("route-only.gpx", """<?xml version="1.0"?>
<gpx version="1.1" creator="planner" xmlns="http://www.topografix.com/GPX/1/1">
 <rte><rtept lat="45.0" lon="7.0"><time>2024-02-02T10:00:00Z</time></rtept>
 <rtept lat="45.1" lon="7.1"><time>2024-02-02T10:10:00Z</time></rtept></rte>
 <wpt lat="45.2" lon="7.2"><name>Hut</name></wpt>
</gpx>
""")

# GPSLogger CSV: comma separated, ISO 8601 with milliseconds.
write("gpslogger.csv", """time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop,geoidheight,ageofdgpsdata,dgpsid,activity,battery,annotation,timestamp_ms,time_offset,distance,starttimestamp_ms,profile_name,battery_charging
2023-06-01T08:00:00.000Z,52.520008,13.404954,34.0,3.79,,0.0,12,gps,0.7,1.1,1.3,44.2,,,,87,,1685606400000,2023-06-01T10:00:00.000+02:00,0.0,1685606400000,Default Profile,false
2023-06-01T08:00:05.000Z,52.520108,13.405054,34.1,4.0,90.0,1.2,12,gps,0.7,1.1,1.3,44.2,,,,87,,1685606405000,2023-06-01T10:00:05.000+02:00,9.8,1685606400000,Default Profile,false
2023-06-01T08:00:10.000Z,52.520208,13.405154,34.2,,,1.3,11,network,,,,,,,,87,,1685606410000,2023-06-01T10:00:10.000+02:00,19.6,1685606400000,Default Profile,false
2023-06-01T08:00:15.000Z,,,34.2,,,1.3,11,network,,,,,,,,87,,1685606415000,2023-06-01T10:00:15.000+02:00,19.6,1685606400000,Default Profile,false
2023-06-01T08:00:20.500Z,52.520408,13.405354,34.4,5.5,91.0,1.4,12,gps,0.8,1.2,1.4,44.2,,,,86,"Coffee, then home",1685606420500,2023-06-01T10:00:20.500+02:00,39.2,1685606400000,Default Profile,false
""")

# A phone export: semicolon separated, epoch milliseconds, quoted device names, CRLF.
rows = [
    "Timestamp;Latitude;Longitude;Horizontal_Accuracy;Device_ID",
    '1700000000000;40.7127753;-74.0059728;12.5;"Pixel 8"',
    '1700000060123;40.7130001;-74.0061002;8;"Pixel 8"',
    '1700000120000;40,7;-74.0;8;"Pixel 8"',
    '1700000180000;40.7135;-74.0065;10',
    'not-a-time;40.7136;-74.0066;10;"Pixel 8"',
    '1700000240999;40.7140;-74.0070;;"Ann\'s ""work"" phone"',
    "",
    '1700000300000;91.5;-74.0080;5;"Pixel 8"',
]
write("phone-export-ms.csv", "\r\n".join(rows) + "\r\n")

# Tab separated, epoch seconds (integer and decimal), no accuracy or device column.
write("tracker.tsv", "tst\tlat\tlng\n1609459200\t35.6762\t139.6503\n1609459210.25\t35.6763\t139.6504\n\t35.6764\t139.6505\n1609459230\t35.6765\t139.6506\n")

# togeojson output: a LineString with coordTimes and a MultiLineString with nested coordTimes.
write("togeojson-track.geojson", """{
"type": "FeatureCollection",
"features": [
{"type": "Feature",
 "properties": {"name": "Hike", "time": "2022-09-10T09:00:00Z",
   "coordTimes": ["2022-09-10T09:00:00Z", "2022-09-10T09:00:30Z", "2022-09-10T09:01:00.5Z"]},
 "geometry": {"type": "LineString", "coordinates": [[-122.4194, 37.7749, 16.0], [-122.4195, 37.7750, 16.5], [-122.4196, 37.7751, 17.0]]}},
{"type": "Feature",
 "properties": {"name": "Descent",
   "coordTimes": [["2022-09-10T10:00:00Z", "2022-09-10T10:00:10Z"], ["2022-09-10T10:30:00Z", "2022-09-10T10:30:10+01:00"]]},
 "geometry": {"type": "MultiLineString", "coordinates": [[[-122.42, 37.78], [-122.421, 37.781]], [[-122.43, 37.79], [-122.431, 37.791]]]}},
{"type": "Feature", "properties": {"name": "Trailhead"}, "geometry": {"type": "Polygon", "coordinates": [[[-122.4, 37.7], [-122.5, 37.7], [-122.5, 37.8], [-122.4, 37.7]]]}},
{"type": "Feature", "properties": {"name": "Planned"}, "geometry": {"type": "LineString", "coordinates": [[-122.4, 37.7], [-122.5, 37.8]]}}
]
}
""")

# Point features (a tracking server export) and a coordinateProperties.times LineString.
write("points.geojson", """{"type":"FeatureCollection","features":[
{"type":"Feature","geometry":{"type":"Point","coordinates":[4.895168,52.370216]},"properties":{"time":"2024-03-01T12:00:00+01:00","accuracy":15,"device":"van-7"}},
{"type":"Feature","geometry":{"type":"Point","coordinates":[4.896,52.371]},"properties":{"timestamp":1709290860,"device":"van-7"}},
{"type":"Feature","geometry":{"type":"Point","coordinates":[4.897,52.372]},"properties":{"time":"soon"}},
{"type":"Feature","geometry":{"type":"Point","coordinates":[4.898,52.373]},"properties":{}},
{"type":"Feature","geometry":{"type":"LineString","coordinates":[[4.90,52.38],[4.91,52.39]]},"properties":{"device":"bike-2","coordinateProperties":{"times":["2024-03-01T11:05:00Z","2024-03-01T11:06:00Z"]}}}
]}
""")


def nmea(body):
    checksum = reduce(lambda a, c: a ^ ord(c), body, 0)
    return f"${body}*{checksum:02X}"


lines = [
    nmea("GPGGA,235958.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"),  # before any RMC
    nmea("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1"),
    nmea("GPRMC,235959.00,V,,,,,,,300623,,,N"),                                # no fix yet
    nmea("GPRMC,235959.50,A,4807.038,N,01131.000,E,022.4,084.4,300623,003.1,W,A"),
    nmea("GPGGA,000000.00,4807.040,N,01131.010,E,1,08,0.9,545.4,M,46.9,M,,"),  # after midnight
    nmea("GPRMC,000000.00,A,4807.040,N,01131.010,E,022.4,084.4,010723,003.1,W,A"),  # same fix
    nmea("GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"),
    "$GPRMC,000001.00,A,4807.050,N,01131.020,E,022.4,084.4,010723,003.1,W,A*00",  # bad checksum
    nmea("GNRMC,000002.00,A,4807.060,N,01131.030,E,022.4,084.4,010723,003.1,W,A"),
    nmea("GPGGA,000003.00,4807.070,N,01131.040,E,0,00,,,M,,M,,"),              # quality 0
    nmea("GLGGA,000004.00,4807.080,N,01131.050,E,2,10,0.8,546.0,M,46.9,M,1.0,0000"),
    nmea("GPRMC,000005.00,A,3351.000,S,15112.500,W,0.0,0.0,010723,,,D"),
    "garbage from the serial port",
    nmea("PGRME,15.0,M,45.0,M,25.0,M"),
]
write("car-logger.nmea", "\r\n".join(lines) + "\r\n")

# OwnTracks HTTP/MQTT payloads, one per line, with non-location types.
write("owntracks.ndjson", """{"_type":"location","acc":12,"alt":41,"batt":88,"bs":1,"conn":"w","created_at":1672531205,"lat":59.3293235,"lon":18.0685808,"m":1,"t":"u","tid":"jd","tst":1672531200,"vac":3,"vel":0}
{"_type":"lwt","tst":1672531190}
{"_type":"transition","acc":12,"desc":"Home","event":"leave","lat":59.3293,"lon":18.0686,"t":"c","tid":"jd","tst":1672531260,"wtst":1600000000}
{"_type":"location","acc":5.5,"inregions":["Home","City \\"centre\\""],"lat":59.3300001,"lon":18.0700002,"tid":"jd","tst":1672531320,"topic":"owntracks/jane/phone"}
{"_type":"waypoint","desc":"Office","lat":59.34,"lon":18.05,"rad":50,"tst":1600000000}
{"_type":"card","name":"Jane","face":"iVBORw0KGgo="}
{"_type":"location","lat":59.331,"lon":18.071,"tid":"jd","tst":1672531380,"acc":null}

{"_type":"location","lat":59.332,"tid":"jd","tst":1672531440}
{"_type":"location","lat":59.333,"lon":18.073,"tid":"jd","tst":1672531500
{"lat":59.334,"lon":18.074,"time":"2023-01-01T00:06:00.250+00:00","device":"jane\\u2019s phone","accuracy":7}
{"lat":59.335,"lon":18.075,"time":"last tuesday","device":"jane-phone"}
""")

# OwnTracks Recorder storage lines: "<time>\\t*<padding>\\t<payload>".
write("recorder-2023-01.rec", """2023-01-01T00:00:00Z\t*                 \t{"_type":"location","acc":10,"lat":59.3293,"lon":18.0686,"tid":"jd","tst":1672531200}
2023-01-01T00:05:00Z\tlwt               \t{"_type":"lwt","tst":1672531500}
2023-01-01T00:10:00Z\t*                 \t{"_type":"location","acc":10,"lat":59.3301,"lon":18.0701,"tid":"jd","tst":1672531800}
""")

# The GPSLogger CSV gzipped, and a gzip cut short.
with open(os.path.join(OUT, "gpslogger.csv"), "rb") as f:
    data = f.read()
with gzip.GzipFile(os.path.join(OUT, "gpslogger.csv.gz"), "wb", mtime=0) as f:
    f.write(data)
packed = gzip.compress(data * 20, mtime=0)
write("cut.csv.gz", packed[: len(packed) // 2], "wb")

write("not-really.gpx", "time,lat,lon\n2024-01-01T00:00:00Z,1,2\n")
write("kml-named.gpx", """<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark/></kml>\n""")
write("broken.gpx", """<?xml version="1.0"?>
<gpx version="1.1"><trk><trkseg>
<trkpt lat="1" lon="2"><time>2024-01-01T00:00:00Z</time></trkpt>
</trkseg></trk></gpx junk>
""")
write("no-columns.csv", "when,where\n2024-01-01,home\n")
write("all-bad.nmea", nmea("GPRMC,120000.00,V,,,,,,,010124,,,N") + "\n" + nmea("GPGSV,1,1,00") + "\n")
write("mystery.txt", "hello, world\nthis is not a trace\n")
write("empty.csv", "\n\n")
