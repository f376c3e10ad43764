/// Every table a copy of the store carries, described once, parents before children: the snapshot
/// a `migrate` reads, the rows a PostgreSQL working copy loads and writes back, and the types
/// PostgreSQL gives them all follow from it. A column added to the schema is added here too
/// (`SnapshotTests` and `CatalogueSchemaTests` compare this with both engines' schemas).
public enum StoreCatalogue {
    public static let tables: [StoreTable] = [
        StoreTable("storeInfo", key: ["key"], groups: [.reminders, .lists], accountRows: .settings, columns: ["key", "value"]),
        StoreTable(
            "account", key: ["name"], groups: [.reminders, .lists, .credentials, .webhooks], booleanColumns: ["isAdmin"],
            accountRows: .accounts,
            columns: ["name", "isAdmin", "createdDate", "disabledDate"]),
        StoreTable(
            "list", key: ["id"], groups: [.reminders, .lists], booleanColumns: ["allowsContentModifications"], accountRows: .lists,
            columns: ["id", "title", "colour", "allowsContentModifications", "creationDate"]),
        StoreTable(
            "listMember", key: ["listID", "account"], groups: [.reminders, .lists], accountRows: .members,
            columns: ["listID", "account", "role", "position", "collectionName"]),
        StoreTable(
            "recurrenceSeries", key: ["id"], groups: .reminders, accountRows: .series,
            columns: ["id", "liveReminderID", "startDate", "startTimeZone", "recurrenceRules"]),
        StoreTable(
            "reminder", key: ["number"], generatedKey: "number", groups: .reminders,
            booleanColumns: ["isCompleted", "isLocationReminder"], accountRows: .reminders,
            columns: [
                "number", "id", "listID", "title", "titleKey", "notes", "priority", "priorityLevel", "startDate",
                "startTimeZone", "dueDate", "dueTimeZone", "dueKey", "isCompleted", "completionDate", "creationDate",
                "lastModifiedDate", "isLocationReminder", "seriesID", "recurrenceRules", "url", "parentID", "tags",
                "iCalendarExtras", "creator", "assignee", "alarmsFor",
            ]),
        StoreTable(
            "alarm", key: ["reminderNumber", "position"], groups: .reminders, isWithoutRowID: true, accountRows: .alarms,
            generatedKeyReferences: ["reminderNumber": "reminder"],
            columns: [
                "reminderNumber", "position", "id", "kind", "absoluteDate", "relativeOffset", "locationTitle", "latitude",
                "longitude", "radius", "proximity", "firedDate", "acknowledgedDate", "area",
            ]),
        StoreTable(
            "davClientCopy", key: ["reminderNumber"], groups: .clientCopies, isWithoutRowID: true, accountRows: .clientCopies,
            generatedKeyReferences: ["reminderNumber": "reminder"], columns: ["reminderNumber", "renderedTag", "tag", "bytes"]),
        StoreTable(
            "engineState", key: ["key"], groups: .evaluation, stateKeyColumn: "key", columns: ["key", "snapshot", "savedDate"]),
        StoreTable(
            "apiToken", key: ["name"], groups: .credentials,
            columns: ["name", "scope", "hash", "createdDate", "lastUsedDate", "account", "device"]),
        StoreTable(
            "device", key: ["id"], groups: .credentials,
            columns: ["id", "name", "tokenName", "createdDate", "lastSeenDate", "account"]),
        StoreTable(
            "outboxEvent", key: ["sequence"], generatedKey: "sequence", groups: .outboxAppends, booleanColumns: ["late"],
            isAppendOnly: true, columns: OutboxEvent.columnNames),
        StoreTable(
            "webhookEndpoint", key: ["id"], generatedKey: "id", groups: .webhooks, booleanColumns: ["acceptsLate"],
            columns: [
                "id", "url", "events", "acceptsLate", "secret", "createdDate", "cursor", "lastStatus", "lastError",
                "lastAttemptDate", "lastSuccessDate", "failingSince", "disabledDate", "kind", "name", "token", "account",
            ]),
        StoreTable("actionUse", key: ["eventID"], groups: .actionUses, columns: ["eventID", "usedDate"]),
        StoreTable(
            "webhookDelivery", key: ["endpointID", "eventSequence"], groups: [], isWithoutRowID: true,
            generatedKeyReferences: ["endpointID": "webhookEndpoint", "eventSequence": "outboxEvent"],
            columns: [
                "endpointID", "eventSequence", "device", "attempts", "firstAttemptDate", "nextAttemptDate", "leaseOwner",
                "leaseUntil", "lastStatus", "lastError",
            ]),
        StoreTable(
            "liveFixBatch", key: ["sequence"], generatedKey: "sequence", groups: .evaluation, stateKeyColumn: "stateKey",
            columns: ["sequence", "stateKey", "fixes"]),
        StoreTable(
            "phoneReply", key: ["phone"], groups: .phoneReplies,
            columns: ["phone", "acknowledged", "carried", "carriedMessageDate", "regions", "carriedRegions"]),
        StoreTable("davSyncState", key: ["token"], groups: [], columns: ["token", "collection", "members", "generation"]),
    ]

    /// Tables of the SQLite schema a copy leaves behind: derived from the copied rows and made
    /// again where they are needed (a reminder's kept rendering, ``KeptRendering``).
    public static let derivedTables: Set<String> = ["keptRendering"]

    private static let byName = Dictionary(uniqueKeysWithValues: tables.map { ($0.name, $0) })

    /// The catalogue's table called `name`, if it is one.
    public static func table(_ name: String) -> StoreTable? { byName[name] }

    /// The tables among `names`, in catalogue order (parents first).
    public static func tables(named names: some Sequence<String>) -> [StoreTable] {
        let wanted = Set(names)
        return tables.filter { wanted.contains($0.name) }
    }
}
