# The two commands of the README: `make site` builds the site into Output/, `make test` runs every test.
# Both install what is missing first (Tests/tools/install-deps).
SWIFT ?= swift
BIN = .build/release/worldfacts

.PHONY: site test deps test-deps release swift-test site-test js-test clean

site: deps release
	$(BIN) build --content Content --templates Templates --output Output

test: test-deps swift-test js-test site-test

deps:
	Tests/tools/install-deps build

test-deps:
	Tests/tools/install-deps test

release:
	$(SWIFT) build -c release --product worldfacts

swift-test:
	$(SWIFT) build --product worldfacts
	$(SWIFT) test

js-test:
	@if ls Tests/js/*.test.mjs >/dev/null 2>&1; then node --test Tests/js/; fi

# Builds the shipped site with the debug binary and checks it: Nu HTML Checker, linkchecker, anchors,
# and the search in headless Chromium over HTTP and file://.
site-test:
	WORLDFACTS_BIN=.build/debug/worldfacts .venv/bin/python -m pytest -q Tests/site

clean:
	rm -rf .build Output/* Output/.worldfacts-manifest.json
