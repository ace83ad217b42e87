# WaylandUI — the two commands: `make run` and `make test`.
SWIFT ?= swift
SHOWCASE_ARGS ?=

.PHONY: api format bench-e2e run test sanitize fuzz soak bench kiosk deps build update-references clean docs

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

# The house style (swift-format), every test, including those against headless compositors the tests start
# themselves, the public symbols
# against api/WaylandUI.symbols.txt, and an app that depends on WaylandUI by version.
test: deps
	scripts/check-format.sh
	$(SWIFT) build --build-tests
	scripts/check-public-api.sh
	scripts/check-consumer-package.sh
	$(SWIFT) test --skip-build

# Rewrites the Swift files in the house style (.swift-format); make test checks it.
format:
	scripts/check-format.sh --fix

# Rewrites api/WaylandUI.symbols.txt, the checked-in list of public symbols, after a change meant to be public.
api: deps
	$(SWIFT) build
	scripts/check-public-api.sh --update

# The UICore and Raster tests under AddressSanitizer and LeakSanitizer, then the Showcase built so: every screen
# offscreen and the attract recording played under headless weston. scripts/sanitize-build.sh builds only what runs
# here, in .build/asan (SANITIZE_PATH), the build `make fuzz` links its fuzzers from too.
# scripts/lsan-suppressions.txt lists what is left in the toolchain and system libraries.
SANITIZE_PATH ?= .build/asan
export SANITIZE_PATH SWIFT
sanitize: deps
	scripts/sanitize-build.sh build --build-tests
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt:print_suppressions=0 \
	  scripts/sanitize-build.sh test --filter 'UICoreTests|UIVocabularyTests|RasterTests'
	scripts/sanitize-showcase.sh "$$(scripts/sanitize-build.sh bin-path)/Showcase"

# libFuzzer targets (scanner, images, text, recording, gestures, assets), each for FUZZ_SECONDS, FUZZ_JOBS at a time.
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1
fuzz: deps
	FUZZ_JOBS=$(FUZZ_JOBS) scripts/fuzz.sh $(FUZZ_SECONDS)

# Ten minutes of scripted input on each demo under headless weston, sampling RSS, descriptors and threads.
SOAK_MINUTES ?= 10
soak: deps
	$(SWIFT) build -c release --product Showcase
	scripts/soak.sh "$$($(SWIFT) build -c release --show-bin-path)/Showcase" $(SOAK_MINUTES)

bench: deps
	$(SWIFT) build -c release --product RasterBenchmarks
	$(SWIFT) build -c release --product UICoreBenchmarks
	$(SWIFT) build -c release --product TextBenchmarks
	$(SWIFT) build -c release --product EffectsBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/RasterBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/UICoreBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/TextBenchmarks
	$$($(SWIFT) build -c release --show-bin-path)/EffectsBenchmarks
	scripts/bench-e2e.sh

# End to end (also the last part of `make bench`): each demo fullscreen under headless sway at 1080p and 4K,
# dragged by a scripted pointer, beside the GTK4 peer; then launch to first frame. Installs what only it needs
# (GTK 4, jq) and builds Benchmarks/EndToEnd.
bench-e2e: deps
	scripts/bench-e2e.sh

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
	rm -rf .build showcase.png kiosk.png Tests/Output
