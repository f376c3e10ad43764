// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "georemind",
    platforms: [.macOS(.v14)],
    // Products: the libraries meant to be used from outside — the engine, the streams that feed it,
    // trace files, iCalendar syntax, the reminder store and its evaluator (and the civil dates
    // their API speaks) — and the command. The fronts' parts (server, CalDAV, delivery, the
    // shared store) are targets only: the command is how they are run.
    products: [
        .library(name: "CivilTime", targets: ["CivilTime"]),
        .library(name: "GeofenceEngine", targets: ["GeofenceEngine"]),
        .library(name: "FixStreams", targets: ["FixStreams"]),
        .library(name: "TraceFormats", targets: ["TraceFormats"]),
        .library(name: "ICalendar", targets: ["ICalendar"]),
        .library(name: "GeoReminders", targets: ["GeoReminders"]),
        .executable(name: "georemind", targets: ["georemind"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    ],
    targets: [
        // GEOS's reentrant C API: spatial index (STRtree) and prepared-geometry predicates.
        .systemLibrary(
            name: "CGEOS",
            pkgConfig: "geos",
            providers: [.apt(["libgeos-dev"])]
        ),
        // Karney's geodesic solver from GeographicLib (his C++ library; PROJ ships a C port of the
        // same code, but brings some 35 libraries into every process start): the exact WGS84 reference.
        .target(
            name: "CGeodesic",
            linkerSettings: [.linkedLibrary("GeographicLib")]
        ),
        // GEOS's own STRtree template (the class behind its C API's STRtree) queried with plain
        // boxes: the C API takes a geometry per insert and per query, each made on one
        // process-wide factory that threads then contend on. Headers from libgeos++-dev.
        .target(
            name: "CBoxIndex",
            cxxSettings: [.define("USE_UNSTABLE_GEOS_CPP_API")],
            linkerSettings: [.linkedLibrary("geos")]
        ),
        // zlib's inflate: gzip-compressed traces are read transparently.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libxml2's SAX2 push parser: GPX read in chunks, fast enough for the 150 MB/s target.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Civil-calendar arithmetic and fixed-width digits: the one home every module's dates use.
        .target(name: "CivilTime"),
        // Fixes, fences, geodesy, the GEOS index and transitions; no file format, no reminder, no stream.
        .target(
            name: "GeofenceEngine",
            dependencies: ["CGEOS", "CGeodesic", "CBoxIndex"]
        ),
        // A stream of fixes read, parsed and decided on every core: a producer's segments and
        // parsing jobs, routed by device to the consumers, in stream order; no format, no fence.
        .target(name: "FixStreams", dependencies: ["GeofenceEngine"]),
        // Trace files in and out (GPX, CSV, GeoJSON, NMEA, NDJSON/OwnTracks; gzip): bytes to fixes;
        // and the synthetic trace `simulate` walks (trip plans, seeded noise).
        .target(
            name: "TraceFormats",
            dependencies: ["GeofenceEngine", "FixStreams", "CivilTime", "CZlib", "CLibXML2"]
        ),
        // RFC 5545 syntax: content lines, folding, escaping, values, VTIMEZONE; no reminder in it.
        .target(name: "ICalendar", dependencies: ["CivilTime"]),
        .target(
            name: "GeoReminders",
            dependencies: [
                "CivilTime",
                // VTODO and VALARM mapping over the iCalendar syntax layer.
                "ICalendar",
                // Alarm evaluation runs the store's location alarms through the engine.
                "GeofenceEngine",
                // `feed` decides a trace's fixes on every core, shard by shard.
                "FixStreams",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The C module GRDB links: the store binds and steps its hottest statements directly.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // SHA-256 of API tokens: the store keeps only the hash.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(name: "MapData"),
        // The one JSON shape of a reminder and of an alarm event, for every front (CLI, server).
        .target(name: "ReminderViews", dependencies: ["CivilTime", "GeofenceEngine", "GeoReminders"]),
        // Alarm events leaving the store: Standard Webhooks signing, the outbox dispatcher, outbound HTTP.
        .target(
            name: "Delivery",
            dependencies: [
                "GeoReminders", "ReminderViews",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The e-mail channel's SMTP client: a socket and TLS (smtps://, STARTTLS).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What each location-sharing app posts (OwnTracks, OsmAnd/Traccar, Overland, GPSLogger):
        // request parts in, fixes or a typed error out; no HTTP framework.
        .target(name: "LocationProtocols", dependencies: ["GeofenceEngine", "CivilTime", "TraceFormats"]),
        // The server's evaluation: fixes from many requests committed together through the one
        // AlarmEvaluator `feed` uses, time alarms by the wall clock, store changes picked up live.
        .target(name: "LiveEvaluation", dependencies: [
            "GeofenceEngine", "GeoReminders",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // `serve` on a shared PostgreSQL store: partitions held by leases, each evaluated from its
        // fix inbox on a thread of its own; requests' fixes posted to the inboxes.
        .target(name: "SharedEvaluation", dependencies: [
            "GeofenceEngine", "GeoReminders", "LiveEvaluation", "SharedStore",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
        // The CalDAV front's protocol (RFC 4791 tasks only, RFC 6578 sync, RFC 5689 MKCOL): WebDAV XML
        // in and out, paths, ETags, sync tokens, calendar-query filters; requests in, answers out,
        // through the store protocol, with no web framework.
        .target(name: "CalDAV", dependencies: [
            "GeoReminders", "ICalendar", "CivilTime", "CLibXML2",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // Pictures of a replay: Web Mercator, geodesic circles, simplified tracks, SVG and HTML.
        .target(name: "MapRendering", dependencies: ["CivilTime", "GeofenceEngine", "GeoReminders"]),
        // The HTTP front: Hummingbird routes that decode and answer, auth, metrics, logs.
        .target(name: "GeoServer", dependencies: [
            "LocationProtocols", "LiveEvaluation", "GeoReminders", "GeofenceEngine", "ReminderViews",
            // `/dav/`: the CalDAV front, answered by the CalDAV module.
            "CalDAV",
            .product(name: "Hummingbird", package: "hummingbird"),
            // HTTPS with `--tls-cert`/`--tls-key`: Hummingbird's TLS channel over swift-nio-ssl.
            .product(name: "HummingbirdTLS", package: "hummingbird"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            // NIOThreadPool: the API's store work blocks, off Swift concurrency's threads.
            .product(name: "NIOPosix", package: "swift-nio"),
            // The request deadline, a channel handler among Hummingbird's HTTP parts.
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [
            .embedInCode("Resources/openapi.json"), .embedInCode("Resources/live.html"), .embedInCode("Resources/live.js"),
            .embedInCode("Resources/live.css"),
        ]),
        // `serve`'s composition root: the one place that knows the store engine; it builds the
        // front's backend and services for a SQLite file or a shared PostgreSQL store and runs them.
        .target(name: "ServerAssembly", dependencies: [
            "GeoServer", "GeoReminders", "GeofenceEngine", "LiveEvaluation", "SharedEvaluation", "SharedStore", "Delivery",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        // The store on PostgreSQL, shared by several servers: addresses, the schema, the copy from SQLite.
        .target(
            name: "SharedStore",
            dependencies: [
                "GeoReminders", "GeofenceEngine",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "georemind",
            dependencies: [
                "CivilTime", "GeofenceEngine", "FixStreams", "TraceFormats", "ICalendar", "GeoReminders", "MapData",
                "ReminderViews", "Delivery", "GeoServer", "LiveEvaluation", "MapRendering", "SharedStore", "ServerAssembly",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "georemind-bench",
            dependencies: ["CivilTime", "GeofenceEngine", "TraceFormats", "ICalendar", "GeoReminders", "MapData"],
            path: "Benchmarks/georemind-bench"
        ),
        // Webhook delivery against loopback receivers (TestSupport's). A binary of its own: linked
        // with NIO and BoringSSL, its debug info is more than valgrind's leak check can read.
        .executableTarget(
            name: "georemind-delivery-bench",
            dependencies: ["GeoReminders", "GeofenceEngine", "Delivery", "TestSupport"],
            path: "Benchmarks/georemind-delivery-bench"
        ),
        // `georemind serve` under wrk on loopback (`make bench`), beside a bare Hummingbird handler.
        .executableTarget(
            name: "georemind-serve-bench",
            dependencies: [
                "GeoReminders", "GeofenceEngine", "MapRendering", "TestSupport", "TraceFormats",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            path: "Benchmarks/georemind-serve-bench"
        ),
        // libFuzzer targets for every parser a stranger's bytes reach (`make fuzz`); built without
        // the fuzzer, a driver that replays inputs (`make test` replays the seeds and kept crashes).
        .executableTarget(
            name: "georemind-fuzz",
            dependencies: [
                "CivilTime", "FixStreams", "TraceFormats", "ICalendar", "GeoReminders", "MapData", "LocationProtocols",
                "ReminderViews", "CalDAV",
            ],
            path: "Fuzz/georemind-fuzz"
        ),
        // What the test targets share: fixture paths, scratch folders, geodesic test points.
        .target(name: "TestSupport", dependencies: [
            "GeofenceEngine",
            // A real loopback HTTP server that receives webhooks in the delivery tests.
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], path: "Tests/TestSupport"),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime"]),
        .testTarget(name: "GeofenceEngineTests", dependencies: ["GeofenceEngine", "TestSupport", "TraceFormats"]),
        .testTarget(name: "FixStreamsTests", dependencies: ["FixStreams", "GeofenceEngine", "TestSupport"]),
        // Leases, the fix inbox and partition evaluation against a real PostgreSQL (TestSupport's,
        // under a temporary folder), beside the same evaluation on SQLite.
        .testTarget(name: "SharedStoreTests", dependencies: [
            "SharedStore", "GeoReminders", "GeofenceEngine", "TestSupport", "Delivery",
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]),
        .testTarget(name: "TraceFormatsTests", dependencies: ["TraceFormats", "FixStreams", "GeofenceEngine", "TestSupport"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "CivilTime", "TestSupport", "TraceFormats"]),
        .testTarget(name: "GeoRemindersTests", dependencies: [
            "GeoReminders", "CivilTime", "ICalendar", "GeofenceEngine", "TestSupport", "TraceFormats",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "MapDataTests", dependencies: ["MapData"]),
        .testTarget(name: "CalDAVTests", dependencies: ["CalDAV", "GeoReminders", "ICalendar", "TestSupport"]),
        .testTarget(name: "ReminderViewsTests", dependencies: [
            "ReminderViews", "GeoReminders", "GeofenceEngine", "CivilTime", "TraceFormats",
        ]),
        .testTarget(name: "DeliveryTests", dependencies: [
            "Delivery", "GeoReminders", "ReminderViews", "GeofenceEngine", "TestSupport",
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "MapRenderingTests", dependencies: ["MapRendering", "GeofenceEngine", "GeoReminders"]),
        .testTarget(name: "LocationProtocolsTests", dependencies: ["LocationProtocols", "GeofenceEngine"]),
        // The shared store's evaluation in one process (no HTTP) against a real PostgreSQL.
        .testTarget(name: "SharedEvaluationTests", dependencies: [
            "SharedEvaluation", "SharedStore", "GeoReminders", "GeofenceEngine", "TestSupport",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .testTarget(name: "LiveEvaluationTests", dependencies: [
            "LiveEvaluation", "GeofenceEngine", "GeoReminders", .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "GeoServerTests", dependencies: [
            "GeoServer", "LiveEvaluation", "GeoReminders", "TestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "georemindTests", dependencies: [
            "georemind", "TestSupport", "Delivery", "SharedStore",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
