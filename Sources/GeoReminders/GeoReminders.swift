// GeoReminders: lists, reminders, alarms, recurrence and the SQLite store.
