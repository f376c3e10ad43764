#!/usr/bin/python3
"""One OwnTracks location post, as the app sends it in HTTP mode, and the reply as the phone acts on
it: the regions it is told to watch, and the alerts it shows as notifications.
Usage: demo-phone.py URL USER TOKEN LATITUDE LONGITUDE SECONDS_AGO
"""

import base64
import json
import sys
import time
import urllib.request

url, user, token, latitude, longitude, ago = sys.argv[1:7]
message = {"_type": "location", "lat": float(latitude), "lon": float(longitude), "acc": 10, "tid": "an",
           "tst": int(time.time()) - int(ago), "batt": 80}
request = urllib.request.Request(url, data=json.dumps(message).encode(), method="POST", headers={
    "Content-Type": "application/json", "X-Limit-U": user, "X-Limit-D": "phone",
    "Authorization": "Basic " + base64.b64encode(f"{user}:{token}".encode()).decode()})
with urllib.request.urlopen(request, timeout=10) as response:
    reply = json.load(response)
if not reply:
    print("phone  reply []: nothing to show")
for item in reply:
    if item.get("_type") == "cmd" and item.get("action") == "setWaypoints":
        print(f"phone  watch {len(item['waypoints']['waypoints'])} regions (setWaypoints):")
        for region in item["waypoints"]["waypoints"]:
            print(f"         {region['desc']}: {region['lat']}, {region['lon']}, {region['rad']} m, rid {region['rid']}")
    elif item.get("_type") == "transition":
        verb = "enters" if item["event"] == "enter" else "leaves"
        print(f"phone  notification: \"{item['tid']} {verb} {item['desc']}\" (transition, region {item['rid']})")
    else:
        print(f"phone  {json.dumps(item)}")
