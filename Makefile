# WaylandUI — the two commands: `make run` and `make test`.
SWIFT ?= swift
SHOWCASE_ARGS ?=

.PHONY: run test bench kiosk deps build update-references clean docs

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build -c release --product Showcase

# Shows the showcase in your compositor; with none reachable, runs it headless and writes showcase.png.
run: build
	@bin=$$($(SWIFT) build -c release --show-bin-path)/Showcase; \
	socket="$${WAYLAND_DISPLAY:-wayland-0}"; case "$$socket" in /*) ;; *) socket="$${XDG_RUNTIME_DIR:-/nonexistent}/$$socket";; esac; \
	if [ -n "$${WAYLAND_SOCKET:-}" ] || [ -S "$$socket" ]; then exec "$$bin" $(SHOWCASE_ARGS); \
	else scripts/run-headless.sh showcase.png "$$bin" --fullscreen $(SHOWCASE_ARGS); fi

# Every test, including those against headless compositors the tests start themselves, and an app that
# depends on WaylandUI by version (scripts/check-consumer-package.sh).
test: deps
	$(SWIFT) build --build-tests
	scripts/check-consumer-package.sh
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product RasterBenchmarks
	$(SWIFT) build -c release --product UICoreBenchmarks
	$(SWIFT) build -c release --product TextBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/RasterBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/UICoreBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/TextBenchmarks

# The DocC documentation (Sources/WaylandUI/WaylandUI.docc plus the supported-API table generated from the
# code) into .build/docs/WaylandUI.doccarchive.
docs: deps
	@scripts/build-docs.sh

# The Showcase as a kiosk under cage: fullscreen launcher, attract loop after 60 s idle (SHOWCASE_ARGS adds
# options, e.g. --idle-timeout 10).
kiosk: build
	@scripts/run-kiosk.sh "$$($(SWIFT) build -c release --show-bin-path)/Showcase" $(SHOWCASE_ARGS)

# Rewrites golden files and reference images from the current output; review the diff before committing.
update-references: deps
	$(SWIFT) build --build-tests
	UPDATE_REFERENCES=1 $(SWIFT) test --skip-build

clean:
	rm -rf .build showcase.png Tests/Output
