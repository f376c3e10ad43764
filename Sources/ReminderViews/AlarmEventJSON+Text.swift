extension AlarmEventJSON {
    /// Writes the event as `JSONEncoder` would with sorted keys (see `JSONText`); `feed` prints
    /// thousands of them.
    package func write(to json: inout JSONText) {
        json.beginObject()
        json.member("distance", distance)
        if let fix {
            json.key("fix")
            json.beginObject()
            json.member("device", fix.device)
            json.member("latitude", fix.latitude)
            json.member("longitude", fix.longitude)
            json.member("time", fix.time)
            json.endObject()
        }
        json.member("id", id)
        json.member("kind", kind)
        if let location {
            json.key("location")
            location.write(to: &json)
        }
        json.member("person", person)
        json.key("reminder")
        json.beginObject()
        json.member("id", reminder.id)
        json.key("priority")
        json.number(reminder.priority)
        json.member("title", reminder.title)
        json.endObject()
        json.member("time", time)
        json.endObject()
    }
}
