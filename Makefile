# A* Playground. `make serve` runs the playground; `make test` runs every test; `make check` is
# the contributor's inner loop (every test but the browser tests, lint of changed files).
# Both install what is missing first (scripts/setup.sh). Builds use the CMake presets
# (CMakePresets.json): build-release, build-asan, build-tsan, build-wasm.
SHELL := /bin/bash
PORT ?= 8080

.PHONY: serve check test test-tsan test-long fresh-check fuzz bench bench-page audit site setup wasm native asan clean format lint help

help:
	@echo "make serve   build the wasm playground and serve it at http://127.0.0.1:$(PORT) (PORT= overrides)"
	@echo "make check   the inner loop: build what changed (release, wasm), lint the files that differ from main, run every test but the browser tests; prints its time (under 5 min with builds done)"
	@echo "make test    build native release, ASan+UBSan and wasm; run every test; print counts"
	@echo "make test-tsan  ThreadSanitizer build of the path service, flow-field and stress tests; any race fails"
	@echo "make test-long  every row of all 13 Moving AI maps with A*, JPS, weighted A*, the subgoal graph and the navigation mesh in the ASan+UBSan build; Theta*, Lazy Theta* and the navigation mesh against the exact any-angle optimum, 200 rows per map, in the release build"
	@echo "make fresh-check  as root: README's two commands in a fresh Debian 12 root (debootstrap); make test must pass, make serve answer (~30 min on 2 cores)"
	@echo "make fuzz    run the fuzzers (scripts/fuzz.sh)"
	@echo "make bench   run the benchmarks (scripts/bench.sh)"
	@echo "make bench-page  the page's wall-clock figures (longest task, seek, input lag, first paint) from the browser tests that record them, with the machine's load (bench/page/run.mjs; RUNS= repeats)"
	@echo "make site    the static site to publish, in build/site: the page, embed, maps, lessons, compressed copies, _headers (scripts/site.mjs)"
	@echo "make audit   Lighthouse on make site's output, mobile and desktop, AUDIT_RUNS= runs each (default 3): median scores and metrics, JSON in build/audit (slow; not in make test)"
	@echo "make format  clang-format the C++ sources"
	@echo "make lint    clang-format, clang-tidy, ESLint, actionlint, line endings (scripts/lint.sh; make test runs it too)"

serve: wasm
	@scripts/node scripts/serve.mjs build-wasm/dist $(PORT)

check:
	@scripts/check.sh

test:
	@scripts/test.sh

# README's two commands on a fresh Debian 12 (debootstrap + chroot, as root): scripts/fresh_check.sh.
fresh-check:
	@scripts/fresh_check.sh

# The any-angle rows (Theta*, Lazy Theta*, the navigation mesh against the exact optimum in the
# plane, 200 rows per map) are measured in the release build: their reference is ~10x slower under ASan.
test-long: asan native
	@ASTAR_LONG_TESTS=1 ctest --test-dir build-asan -R "GroundTruth|WeightedAStar|NavMesh" --output-on-failure -j2 --timeout 3600
	@ASTAR_LONG_TESTS=1 ctest --test-dir build-release -R "ThetaOnMovingAi|NavMesh.MovingAi" --output-on-failure -j2 --timeout 7200

# The ThreadSanitizer preset builds only the threaded tests' executables; a TSan report fails the
# test (TSAN_OPTIONS in the test preset: halt_on_error=1).
test-tsan:
	@scripts/setup.sh tsan
	@cmake --preset tsan > /dev/null
	@cmake --build --preset tsan
	@ctest --preset tsan -j2 --timeout 1200

wasm:
	@scripts/setup.sh serve
	@cmake --preset wasm-release > /dev/null
	@cmake --build --preset wasm-release

native:
	@scripts/setup.sh serve
	@cmake --preset release > /dev/null
	@cmake --build --preset release

asan:
	@scripts/setup.sh asan
	@scripts/configure.sh asan > /dev/null
	@cmake --build --preset asan

fuzz:
	@if [ -f scripts/fuzz.sh ]; then scripts/setup.sh fuzz && bash scripts/fuzz.sh; \
	else echo "make fuzz: scripts/fuzz.sh is not in this checkout yet (it comes with the fuzz targets)"; exit 1; fi

bench:
	@if [ -f scripts/bench.sh ]; then scripts/setup.sh bench && bash scripts/bench.sh; \
	else echo "make bench: scripts/bench.sh is not in this checkout yet (it comes with the benchmarks)"; exit 1; fi

# Wall-clock figures of the page, which no test asserts (tests/web/page_figures.mjs): a table in
# build/bench-page/table.md, over-budget figures marked, never a failure.
bench-page: wasm native
	@scripts/setup.sh test
	@scripts/node bench/page/run.mjs $(if $(RUNS),--runs $(RUNS))

# The static site a teacher publishes (.github/workflows/pages.yml runs this), from the wasm build.
site: wasm
	@scripts/setup.sh site
	@scripts/node scripts/site.mjs build-wasm/dist build/site

# Lighthouse (pinned in package-lock.json) in Debian's Chromium on make site's output as a static
# host serves it (scripts/static_host.mjs: _headers, precompressed copies); fails when a median
# misses issue 35's targets (mobile performance 95, accessibility 100).
audit: site
	@scripts/setup.sh audit
	@scripts/node scripts/audit.mjs build/site

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

lint:
	@scripts/setup.sh lint
	@scripts/lint.sh

clean:
	rm -rf build-release build-asan build-tsan build-wasm build dist
