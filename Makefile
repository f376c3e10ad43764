# georemind — the two commands a fresh machine needs: `make run` and `make test`.
SWIFT ?= swift
STORE ?= .build/run/store.sqlite
# Release builds carry the Swift runtime and Foundation inside the binary: a process then starts a
# third sooner (no dozen shared Swift libraries to load and relocate; --help 24 -> 16 ms), which a
# command-line tool pays at every call.
RELEASE = -c release --static-swift-stdlib

.PHONY: deps build run test bench chaos fuzz pictures clean

# System libraries (GEOS, GeographicLib, SQLite, zlib, libxml2), installed with apt-get when missing.
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(RELEASE) --product georemind

# The main job on the embedded default: a throwaway SQLite store seeded from fixtures.
run: build
	@scripts/run-demo "$$($(SWIFT) build $(RELEASE) --show-bin-path)/georemind"

# The whole suite; the sources must be formatted as .swift-format says (`swift format -i -r Sources
# Tests Benchmarks Fuzz` fixes them) and a warning in our own sources fails the build (Swift 6);
# the command and server suites run again with every store on PostgreSQL (the same commands
# must print the same on both engines); the delivery tests run on their own (their dispatcher needs the 2-core machine's concurrency pool,
# which end-to-end tests waiting on processes can occupy), and so do the recovery suites; then schemathesis checks the running
# server against its OpenAPI document, vdirsyncer and todoman sync both ways with `/dav/`, headless Chromium checks the rendered maps and the live page
# (screenshots under .build/browser/), the GEOS owners are checked for leaks under valgrind, the
# inputs that once crashed a parser are replayed, and each fuzz target runs a few seconds
# (FUZZ_SECONDS, default 5).
# The suites that time how fast real processes recover (a database away, a cut link, chaos,
# tricklers) run on their own after the rest: beside 800 other tests on two cores they would time
# the machine's queue, not the recovery.
RECOVERY_SUITES = ServeFaultTests ServePostgresOutageTests ServeNetworkPartitionTests ChaosTests
RECOVERY_SKIP = $(RECOVERY_SUITES:%=--skip %)

test: deps
	$(SWIFT) format lint --strict -r Sources Tests Benchmarks Fuzz
	@$(SWIFT) build --build-tests 2>&1 | tee .build-test.log
	@! grep -E '^/.*/(Sources|Tests|Benchmarks|Fuzz)/.*warning:' .build-test.log || \
		{ echo "error: the build has warnings (see above)"; exit 1; }
	$(SWIFT) test --skip-build --disable-xctest --skip DeliveryTests $(RECOVERY_SKIP)
	GEOREMIND_TEST_ENGINE=postgres $(SWIFT) test --skip-build --disable-xctest --filter georemindTests --skip ServeSharedStoreTests $(RECOVERY_SKIP)
	$(SWIFT) test --skip-build --disable-xctest --filter DeliveryTests
	$(SWIFT) test --skip-build --disable-xctest $(RECOVERY_SUITES:%=--filter %)
	GEOREMIND_TEST_ENGINE=postgres $(SWIFT) test --skip-build --disable-xctest --filter ServeFaultTests
	@scripts/api-conformance "$$($(SWIFT) build --show-bin-path)/georemind"
	@scripts/caldav-clients "$$($(SWIFT) build --show-bin-path)/georemind"
	@scripts/caldav-conformance "$$($(SWIFT) build --show-bin-path)/georemind"
	@scripts/browser-check "$$($(SWIFT) build --show-bin-path)/georemind"
	@scripts/leak-check
	@for target in trace evaluate sniff icalendar vtodo rrule values mapdata location phone apibody caldav; do \
		"$$($(SWIFT) build --show-bin-path)/georemind-fuzz" $$target || exit 1; done
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-5} scripts/fuzz

# Benchmarks, release build, single process; figures go to BENCHMARKS.md by hand. `shared` starts
# its own PostgreSQL and three `serve` instances (INSTANCES, default 3; FAILOVERS kill -9 runs after
# it, default 10);
# `notify` times a fix's acknowledgement to its ntfy alert under 2,000 requests/s of ingest;
# `caldav` times a 10,000-task list beside Radicale and Xandikos (pinned, from PyPI in a venv);
# `accounts-api` times one account's REST API on 1,000,000 reminders in 10,000 accounts and alone.
bench: deps
	@# Product by product: with the Swift runtime linked statically, the whole package would also
	@# link GRDB's dynamic-library product, which cannot be.
	@for product in georemind georemind-bench georemind-delivery-bench georemind-serve-bench; do \
		$(SWIFT) build $(RELEASE) --product $$product || exit 1; done
	@bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)"; \
	for name in $${BENCH:-$$("$$bin/georemind-bench" --list)}; do \
		[ "$$name" = delivery ] || [ "$$name" = serve ] || [ "$$name" = shared ] || [ "$$name" = notify ] || \
			[ "$$name" = caldav ] || [ "$$name" = accounts-api ] || \
			"$$bin/georemind-bench" "$$name" || exit 1; done; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = delivery ]; then "$$bin/georemind-delivery-bench"; fi; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = serve ]; then "$$bin/georemind-serve-bench" "$$bin/georemind"; fi; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = notify ]; then "$$bin/georemind-serve-bench" --notify "$$bin/georemind"; fi; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = shared ]; then "$$bin/georemind-serve-bench" --shared "$$bin/georemind" "$${FAILOVERS:-10}"; fi; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = caldav ]; then scripts/caldav-bench "$$bin/georemind"; fi; \
	if [ -z "$${BENCH:-}" ] || [ "$$BENCH" = accounts-api ]; then scripts/accounts-api-bench "$$bin/georemind"; fi

# The chaos run at length: CHAOS_FAULTS faults (default 15) with random timings on two `serve`
# instances and a real PostgreSQL (CHAOS_SEED repeats a run); prints what it checked and how long
# each fault took to recover from. `make test` runs three.
chaos: deps
	@$(SWIFT) build --build-tests
	GEOREMIND_CHAOS_FAULTS=$${CHAOS_FAULTS:-15} GEOREMIND_CHAOS_SEED=$${CHAOS_SEED:-} \
		$(SWIFT) test --skip-build --disable-xctest --filter ChaosTests

# libFuzzer on every parser a stranger's bytes reach, FUZZ_SECONDS each (default 600); see docs/robustness.md.
fuzz: deps
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-600} scripts/fuzz

# The README's pictures of the two map views (docs/render.png, docs/live.png), from the browser check.
pictures: deps
	$(SWIFT) build --product georemind
	@scripts/browser-check "$$($(SWIFT) build --show-bin-path)/georemind" --pictures docs

clean:
	rm -rf .build .build-fuzz .build-test.log .build-fuzz.log
