import Foundation
import GeoReminders

/// The store's tables expressed for PostgreSQL: the same tables, columns and meanings as the
/// SQLite schema (dates stay seconds since 2001-01-01, as Foundation's reference date), typed as
/// PostgreSQL types them. Unquoted names, so PostgreSQL folds them to lower case.
///
/// Migrations are recorded in `schemaMigration` by identifier, like GRDB's on the SQLite side;
/// `sqlite-v9` is the whole SQLite schema up to its migration v9-live-fix-log at once.
enum PostgresSchema {
    static let migrations: [(identifier: String, statements: [String])] = [
        ("sqlite-v9", sqliteV9), ("partitions", partitions), ("sqlite-v10", sqliteV10), ("device-live", deviceLive),
        ("sqlite-v11", sqliteV11), ("sqlite-v12", sqliteV12), ("sqlite-v13", sqliteV13),
        ("sqlite-v14", sqliteV14), ("sqlite-v15", sqliteV15),
        ("sqlite-v16", sqliteV16), ("inbox-crossings", inboxCrossings), ("sqlite-v18", sqliteV18),
        ("sqlite-v19", sqliteV19), ("sqlite-v20", sqliteV20), ("account-copies", accountCopies),
        ("row-security", RowSecurity.migration), ("sqlite-v21", sqliteV21),
    ]

    /// SQLite's v21-dav-client-copies: the bytes a CalDAV client last stored for a reminder,
    /// behind the wall as its reminder is.
    static var sqliteV21: [String] {
        [
            """
            CREATE TABLE davClientCopy (
                reminderNumber bigint PRIMARY KEY REFERENCES reminder(number) ON DELETE CASCADE,
                renderedTag text NOT NULL, tag text NOT NULL, bytes bytea NOT NULL)
            """
        ] + StoreCatalogue.tables(named: ["davClientCopy"]).flatMap(RowSecurity.wall(around:))
    }

    /// What an account's working copy looks its rows up by (``GeoReminders/AccountRows``): the
    /// first account, which a save with no actor acts as, without reading every account.
    static let accountCopies = ["CREATE INDEX account_on_creation ON account(createdDate, name)"]

    /// SQLite's v18-list-positions: where each member puts a list (Apple's calendar-order). SQLite's
    /// v17 (kept renderings) has no counterpart: working copies render afresh.
    static let sqliteV18 = ["ALTER TABLE listMember ADD COLUMN position bigint"]

    /// SQLite's v20-outbox-readers: the members of an event's list when it fired.
    static let sqliteV20 = ["ALTER TABLE outboxEvent ADD COLUMN readers text"]

    /// SQLite's v19-list-collection-names: the name a member's CalDAV client made a list under.
    static let sqliteV19 = [
        "ALTER TABLE listMember ADD COLUMN collectionName text",
        """
        CREATE UNIQUE INDEX listMember_on_collectionName ON listMember(account, collectionName)
            WHERE collectionName IS NOT NULL
        """,
    ]

    /// A phone's reported crossing waits in its partition's inbox beside the fixes, in the order
    /// it came (``ReportedCrossing/inboxText``); null for a fix.
    static let inboxCrossings = ["ALTER TABLE fixInbox ADD COLUMN crossing text"]

    /// SQLite's v12-accounts: accounts, list members, and who reminders, tokens and devices belong to.
    static let sqliteV12 = [
        """
        CREATE TABLE account (
            name text PRIMARY KEY, isAdmin boolean NOT NULL, createdDate double precision NOT NULL,
            disabledDate double precision)
        """,
        """
        CREATE TABLE listMember (
            listID text NOT NULL REFERENCES list(id) ON DELETE CASCADE,
            account text NOT NULL REFERENCES account(name) ON DELETE CASCADE ON UPDATE CASCADE,
            role text NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
            PRIMARY KEY (listID, account))
        """,
        "CREATE INDEX listMember_on_account ON listMember(account)",
        "ALTER TABLE reminder ADD COLUMN creator text",
        "ALTER TABLE reminder ADD COLUMN assignee text",
        "ALTER TABLE reminder ADD COLUMN alarmsFor text",
        "ALTER TABLE apiToken ADD COLUMN account text",
        "ALTER TABLE apiToken ADD COLUMN device text",
        "ALTER TABLE device ADD COLUMN account text",
        """
        INSERT INTO account (name, isAdmin, createdDate)
        VALUES ('default', true, extract(epoch FROM now()) - 978307200)
        """,
        "INSERT INTO listMember (listID, account, role) SELECT id, 'default', 'owner' FROM list",
        "UPDATE apiToken SET account = 'default'",
        "UPDATE device SET account = 'default'",
    ]

    /// SQLite's v13-owntracks-reply: what each phone's replies carried and it acknowledged, and the
    /// index a phone's pending alerts are read through.
    static let sqliteV13 = [
        """
        CREATE TABLE phoneReply (
            phone text PRIMARY KEY, acknowledged bigint NOT NULL, carried bigint NOT NULL,
            carriedMessageDate double precision, regions text NOT NULL, carriedRegions text)
        """,
        "CREATE INDEX outboxEvent_on_device ON outboxEvent(device, sequence)",
    ]

    /// SQLite's v14-personal-channels: whose alerts a channel carries, whom each event is for.
    static let sqliteV14 = [
        "ALTER TABLE webhookEndpoint ADD COLUMN account text",
        "ALTER TABLE outboxEvent ADD COLUMN people text",
        "DROP INDEX webhookEndpoint_on_name",
        "CREATE UNIQUE INDEX webhookEndpoint_on_account_name ON webhookEndpoint(COALESCE(account, ''), name) WHERE name IS NOT NULL",
    ]

    /// SQLite's v15-dav-sync-states: the CalDAV collection states sync tokens were handed out for.
    static let sqliteV15 = [
        "CREATE TABLE davSyncState (token text PRIMARY KEY, collection text NOT NULL, members text NOT NULL, generation bigint NOT NULL)",
        "CREATE INDEX davSyncState_on_collection ON davSyncState(collection, generation)",
    ]

    /// SQLite's v16-kept-resource-names: the reminders keeping a resource name a CalDAV client chose, by list.
    static let sqliteV16 = [
        """
        CREATE INDEX reminder_keeping_dav_name ON reminder(listID)
        WHERE strpos(iCalendarExtras, 'X-GEOREMIND-CALDAV-NAME') > 0
        """
    ]

    /// SQLite's v11-channels: notification channels are endpoints of another kind, and the key
    /// that signs their Done links (two random UUIDs' digests: 244 random bits, no extension needed).
    static let sqliteV11 = [
        "ALTER TABLE webhookEndpoint ADD COLUMN kind text NOT NULL DEFAULT 'webhook'",
        "ALTER TABLE webhookEndpoint ADD COLUMN name text",
        "ALTER TABLE webhookEndpoint ADD COLUMN token text",
        "CREATE UNIQUE INDEX webhookEndpoint_on_name ON webhookEndpoint(name) WHERE name IS NOT NULL",
        "CREATE TABLE actionUse (eventID text PRIMARY KEY, usedDate double precision NOT NULL)",
        """
        INSERT INTO storeInfo (key, value) VALUES ('actionKey', md5(gen_random_uuid()::text) || md5(gen_random_uuid()::text))
        ON CONFLICT (key) DO NOTHING
        """,
    ]

    /// What the live map shows of each device, written by its partition's owner with each commit
    /// (docs/scaling.md): PostgreSQL's own, not a table of the SQLite store (whose server holds it
    /// in memory), so `migrate` neither copies nor needs it.
    static let deviceLive = [
        """
        CREATE TABLE deviceLive (
            device text PRIMARY KEY, latitude double precision NOT NULL, longitude double precision NOT NULL,
            accuracy double precision, time double precision, inside jsonb NOT NULL, track jsonb NOT NULL)
        """
    ]

    static let sqliteV9 = [
        "CREATE TABLE storeInfo (key text PRIMARY KEY, value text NOT NULL)",
        """
        CREATE TABLE list (
            id text PRIMARY KEY, title text NOT NULL, colour text NOT NULL,
            allowsContentModifications boolean NOT NULL, creationDate double precision NOT NULL)
        """,
        """
        CREATE TABLE recurrenceSeries (
            id text PRIMARY KEY, liveReminderID text NOT NULL, startDate text NOT NULL, startTimeZone text,
            recurrenceRules text NOT NULL)
        """,
        """
        CREATE TABLE reminder (
            number bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id text NOT NULL UNIQUE,
            listID text NOT NULL REFERENCES list(id) ON DELETE CASCADE,
            title text NOT NULL, titleKey text NOT NULL, notes text,
            priority integer NOT NULL CHECK (priority BETWEEN 0 AND 9), priorityLevel text NOT NULL,
            startDate text, startTimeZone text, dueDate text, dueTimeZone text, dueKey double precision,
            isCompleted boolean NOT NULL, completionDate double precision,
            creationDate double precision NOT NULL, lastModifiedDate double precision NOT NULL,
            isLocationReminder boolean NOT NULL, seriesID text, recurrenceRules text,
            url text, parentID text, tags text, iCalendarExtras text)
        """,
        "CREATE INDEX reminder_on_listID ON reminder(listID)",
        "CREATE INDEX reminder_on_location_level_due ON reminder(isLocationReminder, priorityLevel, dueKey)",
        "CREATE INDEX reminder_on_creation ON reminder(creationDate, id)",
        "CREATE INDEX reminder_on_series ON reminder(seriesID) WHERE seriesID IS NOT NULL",
        "CREATE INDEX reminder_on_parent ON reminder(parentID) WHERE parentID IS NOT NULL",
        """
        CREATE TABLE alarm (
            reminderNumber bigint NOT NULL REFERENCES reminder(number) ON DELETE CASCADE,
            position integer NOT NULL, id text NOT NULL,
            kind text NOT NULL CHECK (kind IN ('absolute', 'relative', 'location')),
            absoluteDate double precision, relativeOffset double precision, locationTitle text,
            latitude double precision, longitude double precision, radius double precision, proximity text,
            firedDate double precision, acknowledgedDate double precision, area text,
            PRIMARY KEY (reminderNumber, position))
        """,
        "CREATE TABLE engineState (key text PRIMARY KEY, snapshot bytea NOT NULL, savedDate double precision NOT NULL)",
        """
        CREATE TABLE apiToken (
            name text PRIMARY KEY, scope text NOT NULL CHECK (scope IN ('ingest', 'read', 'full')),
            hash bytea NOT NULL UNIQUE, createdDate double precision NOT NULL, lastUsedDate double precision)
        """,
        """
        CREATE TABLE device (
            id text PRIMARY KEY, name text NOT NULL UNIQUE, tokenName text,
            createdDate double precision NOT NULL, lastSeenDate double precision)
        """,
        """
        CREATE TABLE outboxEvent (
            sequence bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            id text NOT NULL UNIQUE, type text NOT NULL,
            reminderID text NOT NULL, reminderTitle text NOT NULL, reminderPriority integer NOT NULL,
            reminderCreationDate double precision NOT NULL, alarmID text NOT NULL, device text,
            eventDate double precision NOT NULL,
            fixLatitude double precision, fixLongitude double precision, fixAccuracy double precision,
            fixDate double precision, placeTitle text, placeLatitude double precision,
            placeLongitude double precision, placeRadius double precision, distance double precision,
            recordedDate double precision NOT NULL, late boolean NOT NULL)
        """,
        "CREATE INDEX outboxEvent_on_recorded ON outboxEvent(recordedDate)",
        "CREATE INDEX outboxEvent_on_eventDate ON outboxEvent(eventDate)",
        """
        CREATE TABLE webhookEndpoint (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            url text NOT NULL, events text NOT NULL, acceptsLate boolean NOT NULL, secret text NOT NULL,
            createdDate double precision NOT NULL, cursor bigint NOT NULL, lastStatus integer, lastError text,
            lastAttemptDate double precision, lastSuccessDate double precision, failingSince double precision,
            disabledDate double precision)
        """,
        """
        CREATE TABLE webhookDelivery (
            endpointID bigint NOT NULL REFERENCES webhookEndpoint(id) ON DELETE CASCADE,
            eventSequence bigint NOT NULL REFERENCES outboxEvent(sequence) ON DELETE CASCADE,
            device text NOT NULL, attempts integer NOT NULL, firstAttemptDate double precision,
            nextAttemptDate double precision NOT NULL, leaseOwner text, leaseUntil double precision,
            lastStatus integer, lastError text,
            PRIMARY KEY (endpointID, eventSequence))
        """,
        "CREATE INDEX webhookDelivery_on_queue ON webhookDelivery(endpointID, device, eventSequence)",
        """
        CREATE TABLE liveFix (
            sequence bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            stateKey text NOT NULL, device text, time double precision,
            latitude double precision NOT NULL, longitude double precision NOT NULL, accuracy double precision)
        """,
        "CREATE INDEX liveFix_on_key ON liveFix(stateKey, sequence)",
    ]
}

extension PostgresSchema {
    /// SQLite's v10-live-fix-batches: the fix log as one row per group commit, in the byte layout
    /// of `FixLogBatch` (big-endian, as `int4send`/`float8send` write it), built here in SQL from
    /// the one-row-per-fix log.
    static let sqliteV10 = [
        """
        CREATE TABLE liveFixBatch (
            sequence bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, stateKey text NOT NULL, fixes bytea NOT NULL)
        """,
        "CREATE INDEX liveFixBatch_on_key ON liveFixBatch(stateKey, sequence)",
        """
        INSERT INTO liveFixBatch (stateKey, fixes)
        SELECT stateKey, '\\x01'::bytea || string_agg(
            int4send(coalesce(octet_length(convert_to(device, 'UTF8')), -1)) || coalesce(convert_to(device, 'UTF8'), ''::bytea)
            || float8send(coalesce(time, 'NaN')) || float8send(latitude) || float8send(longitude)
            || float8send(coalesce(accuracy, 'NaN')),
            ''::bytea ORDER BY sequence)
        FROM liveFix GROUP BY stateKey ORDER BY stateKey
        """,
        "DROP TABLE liveFix",
    ]

    /// Several servers on one database: who evaluates which partition of the devices, and the
    /// fixes waiting for their partition's owner (docs/scaling.md).
    static let partitions = [
        """
        CREATE TABLE instanceHeartbeat (
            owner text PRIMARY KEY, started timestamptz NOT NULL DEFAULT now(), expires timestamptz NOT NULL)
        """,
        """
        CREATE TABLE partitionLease (
            partition integer PRIMARY KEY, owner text, epoch bigint NOT NULL DEFAULT 0,
            expires timestamptz NOT NULL DEFAULT '-infinity')
        """,
        "INSERT INTO partitionLease (partition) SELECT generate_series(0, \(defaultPartitionCount - 1))",
        """
        CREATE TABLE fixInbox (
            partition integer NOT NULL, sequence bigint GENERATED ALWAYS AS IDENTITY, device text NOT NULL,
            time double precision, latitude double precision NOT NULL, longitude double precision NOT NULL,
            accuracy double precision, receivedDate double precision NOT NULL,
            PRIMARY KEY (partition, sequence))
        """,
    ]

    /// Enough to spread over a dozen instances, few enough that one statement renews them all.
    static let defaultPartitionCount = 64
}
