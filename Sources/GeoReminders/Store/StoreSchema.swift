import Foundation
import GRDB
import GeofenceEngine

/// The store's tables, built by migrations so that a file written by an older georemind opens
/// in a newer one. Never edit a registered migration: add one.
///
/// Instants are REAL seconds since 2001-01-01 UTC (Foundation's reference date, exact round trip).
/// Calendar dates are TEXT `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`, with the zone identifier
/// in a separate column (NULL: floating). Recurrence rules are a JSON column of the reminder
/// (`RecurrenceRuleStorage`); alarms have their own table, as each carries fired state, keyed
/// by the reminder's integer `number` (v4) rather than its UUID text.
enum StoreSchema {
    /// `PRAGMA application_id` of every georemind store ("GRMD").
    /// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_application_id>.
    static let applicationID: Int32 = 0x4752_4D44

    /// The migration names in order; tests open files written with a prefix of them.
    static let migrationNames = [
        "v1", "v2-alarm-evaluation", "v3-recurrence-series", "v4-reminder-numbers", "v5-reminder-extras", "v6-devices-tokens",
        "v7-place-areas", "v8-outbox",
        "v9-live-fix-log", "v10-live-fix-batches", "v11-channels", "v12-accounts", "v13-owntracks-reply",
        "v14-personal-channels", "v15-dav-sync-states",
        "v16-kept-resource-names", "v17-kept-renderings", "v18-list-positions", "v19-list-collection-names",
        "v20-outbox-readers", "v21-dav-client-copies",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: createV1)
        migrator.registerMigration("v2-alarm-evaluation", migrate: createV2)
        migrator.registerMigration("v3-recurrence-series", migrate: createV3)
        migrator.registerMigration("v4-reminder-numbers", migrate: createV4)
        migrator.registerMigration("v5-reminder-extras", migrate: addReminderExtras)
        migrator.registerMigration("v6-devices-tokens", migrate: createDevicesTokens)
        migrator.registerMigration("v7-place-areas", migrate: addPlaceAreas)
        migrator.registerMigration("v8-outbox", migrate: createOutbox)
        migrator.registerMigration("v9-live-fix-log", migrate: createLiveFixLog)
        migrator.registerMigration("v10-live-fix-batches", migrate: batchLiveFixLog)
        migrator.registerMigration("v11-channels", migrate: addChannels)
        migrator.registerMigration("v12-accounts", migrate: addAccounts)
        migrator.registerMigration("v13-owntracks-reply", migrate: addPhoneReplies)
        migrator.registerMigration("v14-personal-channels", migrate: addPersonalChannels)
        migrator.registerMigration("v15-dav-sync-states", migrate: addSyncStates)
        migrator.registerMigration("v16-kept-resource-names", migrate: indexKeptResourceNames)
        migrator.registerMigration("v17-kept-renderings", migrate: addKeptRenderings)
        migrator.registerMigration("v18-list-positions", migrate: addListPositions)
        migrator.registerMigration("v19-list-collection-names", migrate: addListCollectionNames)
        migrator.registerMigration("v20-outbox-readers", migrate: addOutboxReaders)
        migrator.registerMigration("v21-dav-client-copies", migrate: addClientCopies)
        return migrator
    }

    private static func createV1(_ db: Database) throws {
        try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        try db.execute(
            sql: """
                CREATE TABLE storeInfo (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE list (
                    id TEXT PRIMARY KEY NOT NULL,
                    title TEXT NOT NULL,
                    colour TEXT NOT NULL,
                    allowsContentModifications BOOLEAN NOT NULL,
                    creationDate REAL NOT NULL);
                CREATE TABLE reminder (
                    id TEXT PRIMARY KEY NOT NULL,
                    listID TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    titleKey TEXT NOT NULL,
                    notes TEXT,
                    priority INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 9),
                    priorityLevel TEXT NOT NULL,
                    startDate TEXT,
                    startTimeZone TEXT,
                    dueDate TEXT,
                    dueTimeZone TEXT,
                    dueKey REAL,
                    isCompleted BOOLEAN NOT NULL,
                    completionDate REAL,
                    creationDate REAL NOT NULL,
                    lastModifiedDate REAL NOT NULL,
                    isLocationReminder BOOLEAN NOT NULL,
                    seriesID TEXT,
                    recurrenceRules TEXT);
                CREATE INDEX reminder_on_listID ON reminder(listID);
                CREATE INDEX reminder_on_location_level_due ON reminder(isLocationReminder, priorityLevel, dueKey);
                CREATE INDEX reminder_on_creation ON reminder(creationDate, id);
                CREATE INDEX reminder_on_series ON reminder(seriesID) WHERE seriesID IS NOT NULL;
                CREATE TABLE alarm (
                    reminderID TEXT NOT NULL REFERENCES reminder(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('absolute', 'relative', 'location')),
                    absoluteDate REAL,
                    relativeOffset REAL,
                    locationTitle TEXT,
                    latitude REAL,
                    longitude REAL,
                    radius REAL,
                    proximity TEXT,
                    PRIMARY KEY (reminderID, position)) WITHOUT ROWID;
                """)
        // The default list exists from the first open.
        let listID = UUID().uuidString.lowercased()
        try db.execute(
            sql: "INSERT INTO list VALUES (?, 'Reminders', ?, 1, ?)",
            arguments: [listID, ReminderList.defaultColour, Date().timeIntervalSinceReferenceDate])
        try db.execute(sql: "INSERT INTO storeInfo VALUES ('defaultListID', ?)", arguments: [listID])
    }

    /// Room for alarm evaluation: fired and acknowledged instants per alarm, and the geofence
    /// engine's saved state as one snapshot per key.
    private static func createV2(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE alarm ADD COLUMN firedDate REAL;
                ALTER TABLE alarm ADD COLUMN acknowledgedDate REAL;
                CREATE TABLE engineState (
                    key TEXT PRIMARY KEY NOT NULL,
                    snapshot BLOB NOT NULL,
                    savedDate REAL NOT NULL);
                """)
    }

    /// Room for regeneration on completion: each series' first due date, so that COUNT and the
    /// rule's grid hold across the whole series, and which reminder is the series' live one.
    private static func createV3(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE recurrenceSeries (
                    id TEXT PRIMARY KEY NOT NULL,
                    liveReminderID TEXT NOT NULL,
                    startDate TEXT NOT NULL,
                    startTimeZone TEXT,
                    recurrenceRules TEXT NOT NULL);
                """)
    }

    /// Reminders get an integer key, `number`, and alarms are keyed by it instead of by the
    /// reminder's UUID text. A reminder's alarms are written right after it, so their keys now
    /// append to the alarm B-tree instead of landing at random places in it; the foreign key
    /// check becomes a look-up of the row just written. Measured: a 100,000-reminder batch
    /// spends 0.06 s instead of 0.25 s in SQLite on its alarms (BENCHMARKS.md).
    ///
    /// SQLite cannot add a primary key to a table, so both tables are rebuilt as its
    /// documentation says (<https://www.sqlite.org/lang_altertable.html#otheralter>); GRDB runs
    /// the migration with foreign keys off and checks them before it commits. `number` takes
    /// the old rowid, so the rows keep their order.
    private static func createV4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE newReminder (
                    number INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    listID TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                    title TEXT NOT NULL,
                    titleKey TEXT NOT NULL,
                    notes TEXT,
                    priority INTEGER NOT NULL CHECK (priority BETWEEN 0 AND 9),
                    priorityLevel TEXT NOT NULL,
                    startDate TEXT,
                    startTimeZone TEXT,
                    dueDate TEXT,
                    dueTimeZone TEXT,
                    dueKey REAL,
                    isCompleted BOOLEAN NOT NULL,
                    completionDate REAL,
                    creationDate REAL NOT NULL,
                    lastModifiedDate REAL NOT NULL,
                    isLocationReminder BOOLEAN NOT NULL,
                    seriesID TEXT,
                    recurrenceRules TEXT);
                INSERT INTO newReminder
                    SELECT rowid, id, listID, title, titleKey, notes, priority, priorityLevel, startDate,
                    startTimeZone, dueDate, dueTimeZone, dueKey, isCompleted, completionDate, creationDate,
                    lastModifiedDate, isLocationReminder, seriesID, recurrenceRules
                    FROM reminder ORDER BY rowid;
                CREATE TABLE newAlarm (
                    reminderNumber INTEGER NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('absolute', 'relative', 'location')),
                    absoluteDate REAL,
                    relativeOffset REAL,
                    locationTitle TEXT,
                    latitude REAL,
                    longitude REAL,
                    radius REAL,
                    proximity TEXT,
                    firedDate REAL,
                    acknowledgedDate REAL,
                    PRIMARY KEY (reminderNumber, position)) WITHOUT ROWID;
                INSERT INTO newAlarm
                    SELECT reminder.rowid, position, alarm.id, kind, absoluteDate, relativeOffset, locationTitle,
                    latitude, longitude, radius, proximity, firedDate, acknowledgedDate
                    FROM alarm JOIN reminder ON reminder.id = alarm.reminderID
                    ORDER BY reminder.rowid, position;
                DROP TABLE alarm;
                DROP TABLE reminder;
                ALTER TABLE newReminder RENAME TO reminder;
                ALTER TABLE newAlarm RENAME TO alarm;
                CREATE INDEX reminder_on_listID ON reminder(listID);
                CREATE INDEX reminder_on_location_level_due ON reminder(isLocationReminder, priorityLevel, dueKey);
                CREATE INDEX reminder_on_creation ON reminder(creationDate, id);
                CREATE INDEX reminder_on_series ON reminder(seriesID) WHERE seriesID IS NOT NULL;
                """)
    }

    /// What a reminder carries beyond EventKit's core fields: its URL, its parent (subtasks), its
    /// tags (a JSON array) and the iCalendar content georemind keeps without modelling it.
    private static func addReminderExtras(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE reminder ADD COLUMN url TEXT;
                ALTER TABLE reminder ADD COLUMN parentID TEXT;
                ALTER TABLE reminder ADD COLUMN tags TEXT;
                ALTER TABLE reminder ADD COLUMN iCalendarExtras TEXT;
                CREATE INDEX reminder_on_parent ON reminder(parentID) WHERE parentID IS NOT NULL;
                """)
    }

    /// The server's credentials: API tokens (only their SHA-256 is kept) and the devices it knows.
    /// A device's `id` is what its app sends (the OsmAnd/Traccar id is its only credential); devices
    /// of token-authenticated apps are added on first use, tied to the token's name.
    private static func createDevicesTokens(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE apiToken (
                    name TEXT PRIMARY KEY NOT NULL,
                    scope TEXT NOT NULL CHECK (scope IN ('ingest', 'read', 'full')),
                    hash BLOB NOT NULL UNIQUE,
                    createdDate REAL NOT NULL,
                    lastUsedDate REAL);
                CREATE TABLE device (
                    id TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    tokenName TEXT,
                    createdDate REAL NOT NULL,
                    lastSeenDate REAL);
                """)
    }

    /// Location alarms watching an outline rather than a circle: the area's GeoJSON Polygon, NULL
    /// for a circle (`latitude`/`longitude` then hold the area's centre).
    private static func addPlaceAreas(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE alarm ADD COLUMN area TEXT")
    }

    /// The live evaluator's write-ahead log: fixes admitted since its state was last saved whole,
    /// appended in the transaction that acknowledges them and replayed on top of that state when a
    /// server starts; saving the whole state empties it (docs/serve.md, durability).
    private static func createLiveFixLog(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE liveFix (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    stateKey TEXT NOT NULL,
                    device TEXT,
                    time REAL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    accuracy REAL);
                CREATE INDEX liveFix_on_key ON liveFix(stateKey, sequence);
                """)
    }

    /// The fix log as one row per group commit (``FixLogBatch``) rather than one per fix; a log
    /// left by a server stopped on v9 becomes one batch per key, in the order it was admitted.
    private static func batchLiveFixLog(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE liveFixBatch (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    stateKey TEXT NOT NULL,
                    fixes BLOB NOT NULL);
                CREATE INDEX liveFixBatch_on_key ON liveFixBatch(stateKey, sequence);
                """)
        let keys = try String.fetchAll(db, sql: "SELECT DISTINCT stateKey FROM liveFix ORDER BY stateKey")
        for key in keys {
            let fixes = try Row.fetchAll(
                db, sql: "SELECT device, time, latitude, longitude, accuracy FROM liveFix WHERE stateKey = ? ORDER BY sequence",
                arguments: [key]
            ).map { row in
                Fix(
                    time: (row[1] as Double?).map(Date.init(timeIntervalSinceReferenceDate:)), latitude: row[2],
                    longitude: row[3], accuracy: row[4], device: row[0])
            }
            try db.execute(
                sql: "INSERT INTO liveFixBatch (stateKey, fixes) VALUES (?, ?)", arguments: [key, FixLogBatch.encode(fixes)])
        }
        try db.execute(sql: "DROP TABLE liveFix")
    }

    /// The transactional outbox: one row per committed firing, written in the transaction that records
    /// it; `sequence` (AUTOINCREMENT, never reused after pruning) is the order cursors count in, `id`
    /// the firing's stable ``EventID``. Webhook endpoints keep a cursor into it, and `webhookDelivery`
    /// holds each endpoint's queued events with their attempt state, so retries survive restarts.
    /// `device` is '' for time alarms: they form one queue of their own.
    private static func createOutbox(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE outboxEvent (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    reminderID TEXT NOT NULL,
                    reminderTitle TEXT NOT NULL,
                    reminderPriority INTEGER NOT NULL,
                    reminderCreationDate REAL NOT NULL,
                    alarmID TEXT NOT NULL,
                    device TEXT,
                    eventDate REAL NOT NULL,
                    fixLatitude REAL,
                    fixLongitude REAL,
                    fixAccuracy REAL,
                    fixDate REAL,
                    placeTitle TEXT,
                    placeLatitude REAL,
                    placeLongitude REAL,
                    placeRadius REAL,
                    distance REAL,
                    recordedDate REAL NOT NULL,
                    late BOOLEAN NOT NULL);
                CREATE INDEX outboxEvent_on_recorded ON outboxEvent(recordedDate);
                CREATE INDEX outboxEvent_on_eventDate ON outboxEvent(eventDate);
                CREATE TABLE webhookEndpoint (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    url TEXT NOT NULL,
                    events TEXT NOT NULL,
                    acceptsLate BOOLEAN NOT NULL,
                    secret TEXT NOT NULL,
                    createdDate REAL NOT NULL,
                    cursor INTEGER NOT NULL,
                    lastStatus INTEGER,
                    lastError TEXT,
                    lastAttemptDate REAL,
                    lastSuccessDate REAL,
                    failingSince REAL,
                    disabledDate REAL);
                CREATE TABLE webhookDelivery (
                    endpointID INTEGER NOT NULL REFERENCES webhookEndpoint(id) ON DELETE CASCADE,
                    eventSequence INTEGER NOT NULL REFERENCES outboxEvent(sequence) ON DELETE CASCADE,
                    device TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    firstAttemptDate REAL,
                    nextAttemptDate REAL NOT NULL,
                    leaseOwner TEXT,
                    leaseUntil REAL,
                    lastStatus INTEGER,
                    lastError TEXT,
                    PRIMARY KEY (endpointID, eventSequence)) WITHOUT ROWID;
                CREATE INDEX webhookDelivery_on_queue ON webhookDelivery(endpointID, device, eventSequence);
                """)
    }

    /// Notification channels (docs/notifications.md) are endpoints of another kind: the same
    /// cursor, queue and failing state as webhooks, so one outbox delivers them all. `actionKey`
    /// signs the Done links the channels' messages carry (``ActionLink``): made here, once per store,
    /// from SQLite's CSPRNG, and never printed; `actionUse` records each link once followed.
    private static func addChannels(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE webhookEndpoint ADD COLUMN kind TEXT NOT NULL DEFAULT 'webhook';
                ALTER TABLE webhookEndpoint ADD COLUMN name TEXT;
                ALTER TABLE webhookEndpoint ADD COLUMN token TEXT;
                CREATE UNIQUE INDEX webhookEndpoint_on_name ON webhookEndpoint(name) WHERE name IS NOT NULL;
                CREATE TABLE actionUse (eventID TEXT PRIMARY KEY NOT NULL, usedDate REAL NOT NULL);
                INSERT OR IGNORE INTO storeInfo (key, value) VALUES ('actionKey', lower(hex(randomblob(32))));
                """)
    }

    /// People (docs/people.md): accounts, list members with roles, who created a reminder, who it
    /// is assigned to and whom its alarms fire for, and the account each token and device belongs
    /// to. A store written before has one account, `default` (admin), owning every list, token and
    /// device, so a single user sees no change; a reminder without a creator is the first account's.
    private static func addAccounts(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE account (
                    name TEXT PRIMARY KEY NOT NULL,
                    isAdmin BOOLEAN NOT NULL,
                    createdDate REAL NOT NULL,
                    disabledDate REAL);
                CREATE TABLE listMember (
                    listID TEXT NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                    account TEXT NOT NULL REFERENCES account(name) ON DELETE CASCADE ON UPDATE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                    PRIMARY KEY (listID, account));
                CREATE INDEX listMember_on_account ON listMember(account);
                ALTER TABLE reminder ADD COLUMN creator TEXT;
                ALTER TABLE reminder ADD COLUMN assignee TEXT;
                ALTER TABLE reminder ADD COLUMN alarmsFor TEXT;
                ALTER TABLE apiToken ADD COLUMN account TEXT;
                ALTER TABLE apiToken ADD COLUMN device TEXT;
                ALTER TABLE device ADD COLUMN account TEXT;
                INSERT INTO account (name, isAdmin, createdDate) VALUES ('default', 1, (julianday('now') - 2451910.5) * 86400);
                INSERT INTO listMember (listID, account, role) SELECT id, 'default', 'owner' FROM list;
                UPDATE apiToken SET account = 'default';
                UPDATE device SET account = 'default';
                """)
    }

    /// What each OwnTracks phone's replies carried and it acknowledged (``PhoneReplyState``,
    /// docs/notifications.md): the phone's pending alerts are the outbox events of its devices
    /// after `acknowledged`, read through `outboxEvent_on_device`.
    private static func addPhoneReplies(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE phoneReply (
                    phone TEXT PRIMARY KEY NOT NULL,
                    acknowledged INTEGER NOT NULL,
                    carried INTEGER NOT NULL,
                    carriedMessageDate REAL,
                    regions TEXT NOT NULL,
                    carriedRegions TEXT);
                CREATE INDEX outboxEvent_on_device ON outboxEvent(device, sequence);
                """)
    }

    /// A channel belongs to a person and carries the alerts that are theirs: the account it is
    /// for (NULL: every alert, as webhooks), and each event the accounts it is for (NULL: a store
    /// of one account). A channel's name is unique per person.
    private static func addPersonalChannels(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE webhookEndpoint ADD COLUMN account TEXT;
                ALTER TABLE outboxEvent ADD COLUMN people TEXT;
                DROP INDEX webhookEndpoint_on_name;
                CREATE UNIQUE INDEX webhookEndpoint_on_account_name ON webhookEndpoint(COALESCE(account, ''), name)
                    WHERE name IS NOT NULL;
                """)
    }

    /// The CalDAV collection states sync tokens were handed out for (``SyncStates``): the members
    /// (resource name → ETag) as JSON, and a generation that orders them per collection for pruning.
    private static func addSyncStates(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE davSyncState (
                    token TEXT PRIMARY KEY NOT NULL,
                    collection TEXT NOT NULL,
                    members TEXT NOT NULL,
                    generation INTEGER NOT NULL);
                CREATE INDEX davSyncState_on_collection ON davSyncState(collection, generation);
                """)
    }

    /// The reminders that keep a resource name a CalDAV client chose (`X-GEOREMIND-CALDAV-NAME` in
    /// their extras, CalDAV's `CalendarObject.nameProperty`), by list: a PUT of a new resource
    /// asks for them, and without this index that was a scan of the list (10 ms at 9,000 reminders).
    /// The term is the one ``ReminderFilter`` writes for `extrasContaining`, character for character.
    private static func indexKeptResourceNames(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX reminder_keeping_dav_name ON reminder(listID)
                    WHERE instr(iCalendarExtras, 'X-GEOREMIND-CALDAV-NAME') > 0
                """)
    }

    /// A reminder's bytes as a client was last given them (``KeptRendering``), so a listing of a
    /// large list reads them instead of rendering every reminder. Triggers drop a reminder's row
    /// whenever its row or one of its alarms changes, whoever changes it (any command, the server,
    /// an evaluation recording a fired alarm); deleting the reminder drops it by cascade.
    private static func addKeptRenderings(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE keptRendering (
                    reminderNumber INTEGER PRIMARY KEY REFERENCES reminder(number) ON DELETE CASCADE,
                    renderContext TEXT NOT NULL,
                    renderName TEXT NOT NULL,
                    renderTag TEXT NOT NULL,
                    renderBytes BLOB NOT NULL);
                CREATE TRIGGER keptRendering_reminderChanged AFTER UPDATE ON reminder BEGIN
                    DELETE FROM keptRendering WHERE reminderNumber = NEW.number; END;
                CREATE TRIGGER keptRendering_alarmAdded AFTER INSERT ON alarm BEGIN
                    DELETE FROM keptRendering WHERE reminderNumber = NEW.reminderNumber; END;
                CREATE TRIGGER keptRendering_alarmChanged AFTER UPDATE ON alarm BEGIN
                    DELETE FROM keptRendering WHERE reminderNumber IN (OLD.reminderNumber, NEW.reminderNumber); END;
                CREATE TRIGGER keptRendering_alarmRemoved AFTER DELETE ON alarm BEGIN
                    DELETE FROM keptRendering WHERE reminderNumber = OLD.reminderNumber; END;
                """)
    }

    /// Where each member puts a list among the lists they hold (Apple's `calendar-order`, per
    /// person as iCloud keeps it); NULL where they never placed it.
    private static func addListPositions(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE listMember ADD COLUMN position INTEGER")
    }

    /// The name a member's CalDAV client gave a list it made (the path segment of its
    /// MKCALENDAR, when that is not the list's identifier), so the list is listed where it was
    /// made; NULL for every other list. One person's names are distinct.
    private static func addListCollectionNames(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE listMember ADD COLUMN collectionName TEXT;
                CREATE UNIQUE INDEX listMember_on_collectionName ON listMember(account, collectionName)
                    WHERE collectionName IS NOT NULL;
                """)
    }

    /// The members of an event's list when it fired, space-separated: whose webhooks carry it.
    private static func addOutboxReaders(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE outboxEvent ADD COLUMN readers TEXT")
    }

    /// The bytes a CalDAV client last stored for a reminder (``ClientCopy``), gone with the reminder.
    private static func addClientCopies(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE davClientCopy (
                    reminderNumber INTEGER NOT NULL PRIMARY KEY REFERENCES reminder(number) ON DELETE CASCADE,
                    renderedTag TEXT NOT NULL,
                    tag TEXT NOT NULL,
                    bytes BLOB NOT NULL) WITHOUT ROWID;
                """)
    }

    /// The triggers of ``addKeptRenderings(_:)``: a working copy of another engine's rows keeps
    /// no renderings, so it drops them rather than run them for every row it loads.
    static let keptRenderingTriggers = [
        "keptRendering_reminderChanged", "keptRendering_alarmAdded", "keptRendering_alarmChanged",
        "keptRendering_alarmRemoved",
    ]
}
