extension ReminderJSON {
    /// Writes the reminder as `JSONEncoder` would with sorted keys (see `JSONText`).
    package func write(to json: inout JSONText) {
        json.beginObject()
        json.key("alarms")
        json.beginArray()
        for alarm in alarms { alarm.write(to: &json) }
        json.endArray()
        json.member("assignee", assignee)
        json.member("completionDate", completionDate)
        json.member("creationDate", creationDate)
        json.member("dueDate", dueDate)
        json.member("for", `for`)
        json.member("id", id)
        json.key("isCompleted")
        json.bool(isCompleted)
        json.member("lastModifiedDate", lastModifiedDate)
        json.member("list", list)
        json.member("listID", listID)
        json.member("notes", notes)
        json.member("parentID", parentID)
        json.key("priority")
        json.number(priority)
        json.member("priorityLevel", priorityLevel)
        json.key("recurrenceRules")
        json.beginArray()
        for rule in recurrenceRules {
            json.beginObject()
            json.key("fromCompletion")
            json.bool(rule.fromCompletion)
            json.member("rrule", rule.rrule)
            json.endObject()
        }
        json.endArray()
        json.member("seriesID", seriesID)
        json.member("startDate", startDate)
        if let tags {
            json.key("tags")
            json.beginArray()
            for tag in tags { json.string(tag) }
            json.endArray()
        }
        json.member("timeZone", timeZone)
        json.member("title", title)
        json.member("url", url)
        json.endObject()
    }

    /// A JSON array of reminders, one line.
    package static func text(_ reminders: [ReminderJSON]) -> String {
        var json = JSONText(capacity: reminders.count * 560)
        json.beginArray()
        for reminder in reminders { reminder.write(to: &json) }
        json.endArray()
        return json.text
    }
}

extension ReminderJSON.AlarmJSON {
    package func write(to json: inout JSONText) {
        json.beginObject()
        json.member("date", date)
        json.member("firedDate", firedDate)
        json.member("id", id)
        if let location {
            json.key("location")
            location.write(to: &json)
        }
        json.member("offset", offset)
        json.member("proximity", proximity)
        json.member("type", type)
        json.endObject()
    }
}
