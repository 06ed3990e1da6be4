# Thin wrapper over CMake: `make run` and `make test` are the quick start.
# Missing build tools are installed with apt-get when run as root.  Builds
# are quiet: their output goes to BUILD_DIR/build.log and is shown when one
# fails; `make V=1 ...` shows everything as it comes.

RELEASE := build/release
ASAN    := build/asan
TSAN    := build/tsan
FUZZ    := build/fuzz
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
# make fuzz: seconds each fuzzer runs (make test runs each for 15).
FUZZ_SECONDS ?= 300
# nvcc is often installed outside PATH.
NVCC    := $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
CUDA_ARG := $(if $(NVCC),-DCMAKE_CUDA_COMPILER=$(NVCC),)
# command:package pairs; a tool already on the PATH (from any source) is
# not installed again.  The tests also need pkg-config (the install test)
# clang with libFuzzer (the fuzzers), python3, Chromium and ChromeDriver
# (the page's test in a browser), Open MPI (--mpi and its test): without
# them those tests are skipped.
# gts serve needs libmicrohttpd (installed when missing and run as root;
# without it gts serve says so).
TOOLS      := cmake:cmake cc:gcc c++:g++
TEST_TOOLS := pkg-config:pkg-config clang:clang python3:python3 chromium:chromium chromedriver:chromium-driver \
              mpirun:openmpi-bin mpicc:libopenmpi-dev
FUZZ_PACKAGES := clang libclang-rt-dev
FUZZ_CC ?= clang
# The pictures (the benches' --plot, gts plot) and their tests need
# gnuplot: installed with the tests' tools, else their tests are skipped.
PLOT_TOOLS := gnuplot:gnuplot-nox

V ?= 0
Q := $(if $(filter 1,$(V)),,@)

.PHONY: all deps test-deps have-libfuzzer release asan tsan fuzz-build fuzz run test install gpu-test signature clean

all: release

# $(call missing,PAIRS): the shell code that adds to $$missing the package of
# each command:package pair whose command is not on the PATH.
missing = for t in $(1); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t\#*:}"; done
# apt waits up to 10 minutes for another apt or dpkg to finish (on a fresh
# machine the boot's own upgrade often holds the lock: issue 38's "could not
# install: libmicrohttpd-dev") instead of failing at once.
APT := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600
# apt-get update takes the package lists' lock, for which that option does
# not wait: tried again every 10 s while the failure was the lock's (output
# in build/apt.log), 60 times at most.
apt_update = ok=0; for try in $$(seq 60); do \
	  if $(APT) update -qq; then ok=1; break; fi; \
	  grep -q 'Could not get lock' build/apt.log || break; sleep 10; \
	done; [ $$ok = 1 ]
# $(call install_missing,REQUIRED): the shell code that installs $$missing
# as root (apt's output goes to build/apt.log); otherwise it names them and,
# when REQUIRED is "yes", fails.
install_missing = if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; mkdir -p build; \
	    { $(apt_update) && $(APT) install -y -qq $$missing; } >build/apt.log 2>&1 \
	      || if [ "$(1)" = yes ]; then cat build/apt.log; exit 1; \
	      else echo "could not install:$$missing (build/apt.log; the tests that need them are skipped)"; fi; \
	  elif [ "$(1)" = yes ]; then \
	    echo "missing packages:$$missing (run as root, or: sudo apt-get install$$missing)"; exit 1; \
	  else \
	    echo "not installed:$$missing (the tests that need them are skipped; as root, make installs them)"; \
	  fi; \
	fi
# Whether clang links a libFuzzer target (the shell's exit status).
have_libfuzzer = printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	| $(FUZZ_CC) -x c -fsanitize=fuzzer -o /dev/null - >/dev/null 2>&1

deps:
	$(Q)missing=""; $(call missing,$(TOOLS)); \
	[ -e /usr/include/stdio.h ] || missing="$$missing libc6-dev"; \
	$(call install_missing,yes)
	$(Q)missing=""; [ -e /usr/include/microhttpd.h ] || missing=" libmicrohttpd-dev"; \
	$(call install_missing,no)

# Exit status 0 when $(FUZZ_CC) links a libFuzzer target (tests/stages.sh
# skips the fuzz stage otherwise).
have-libfuzzer:
	$(Q)$(have_libfuzzer)

# The fuzzers' packages go in when clang cannot link a fuzzer yet.
test-deps: deps
	$(Q)missing=""; $(call missing,$(TEST_TOOLS) $(PLOT_TOOLS)); \
	$(have_libfuzzer) || missing="$$missing $(FUZZ_PACKAGES)"; \
	$(call install_missing,no)

# $(call build,DIR,CMAKE ARGS): configures and builds DIR on one line of
# output, "building DIR ... done: what was built"; the build's own output
# goes to DIR/build.log, shown whole if it fails.
ifeq ($(V),1)
build = cmake -S . -B $(1) $(2) && cmake --build $(1) -j $(JOBS)
else
build = mkdir -p $(1); printf 'building %s ... ' $(1); \
	if { cmake -S . -B $(1) $(2) && cmake --build $(1) -j $(JOBS); } >$(1)/build.log 2>&1; then \
	  echo "done: $$(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' $(1)/CMakeCache.txt)$$(grep -q '^CMAKE_CUDA_COMPILER:.*=.' \
	    $(1)/CMakeCache.txt && echo ', with the CUDA kernels' || echo ', CPU only (no nvcc)') (log: $(1)/build.log)"; \
	else \
	  echo failed; cat $(1)/build.log; echo "make: the build in $(1) failed (log: $(1)/build.log)"; exit 1; \
	fi
endif

# $(call without,DIR): the optional parts the build in DIR goes without
# (DIR/missing.txt, written by CMake) and what each disables, framed on
# stderr so that it is not missed; stdout stays make run's table.
without = if [ -s $(1)/missing.txt ]; then { \
	  echo '**********************************************************************'; \
	  echo "* $(1) was built WITHOUT (as root: apt-get install the packages):"; \
	  sed 's/^/*   /' $(1)/missing.txt; \
	  echo '**********************************************************************'; } >&2; fi

release: deps
	$(Q)$(call build,$(RELEASE),-DCMAKE_BUILD_TYPE=Release $(CUDA_ARG))
	$(Q)$(call without,$(RELEASE))

asan: deps
	$(Q)$(call build,$(ASAN),-DCMAKE_BUILD_TYPE=Debug -DGTS_SANITIZE=ON -DGTS_CUDA=OFF)

# ThreadSanitizer (make test runs the tests labelled tsan in it).
tsan: deps
	$(Q)$(call build,$(TSAN),-DCMAKE_BUILD_TYPE=Debug -DGTS_TSAN=ON -DGTS_CUDA=OFF)

# The libFuzzer targets of fuzz/ (clang; the library instrumented too).
fuzz-build: test-deps
	$(Q)$(have_libfuzzer) || { echo "make: $(FUZZ_CC) cannot link a libFuzzer target (apt-get install $(FUZZ_PACKAGES))"; exit 1; }
	$(Q)$(call build,$(FUZZ),-DCMAKE_C_COMPILER=$(FUZZ_CC) -DCMAKE_BUILD_TYPE=Debug -DGTS_FUZZ=ON)

# Each fuzzer for FUZZ_SECONDS on top of its seeds (fuzz/README.md).
fuzz: fuzz-build
	$(Q)cd $(FUZZ) && FUZZ_SECONDS=$(FUZZ_SECONDS) ctest --output-on-failure -j $(JOBS) --timeout $$(($(FUZZ_SECONDS) + 600))

# Solves the bundled sample positions (data/c4) and prints the result table,
# a copy in $(RUN_OUT), and the legend of its columns; SETS=end-easy (or any
# of the set names) for fewer.
SETS ?=
RUN_OUT := build/run/c4_bench.txt
define RUN_LEGEND
  set: the sample of a standard test set (data/c4)   algo: the search   thr: threads   pos: positions
  AT(us) / TT(us): mean / total time a position, microseconds (end to end)
  ANE / TNE: mean / total nodes a position   NEMS: nodes per microsecond (TNE / TT)
  ATH / TTH: mean / total transposition-table hits a position
  correct: scores equal to the set's   KT(us): the GPU kernels' time (- on the CPU)
endef
export RUN_LEGEND
run: release
	$(Q)mkdir -p $(dir $(RUN_OUT)); \
	{ $(RELEASE)/gts c4 bench --data data/c4 $(SETS); echo $$? >$(RUN_OUT).rc; } | tee $(RUN_OUT); \
	rc=$$(cat $(RUN_OUT).rc); rm -f $(RUN_OUT).rc; [ $$rc = 0 ] && echo "$$RUN_LEGEND"; exit $$rc

# The stages of tests/stages.sh, each run even when one before failed:
# the Release build (with CUDA when nvcc is there) and its tests, the same
# tests under AddressSanitizer + UndefinedBehaviorSanitizer, the threaded
# ones under ThreadSanitizer, each fuzzer for 15 s (skipped, with a
# message, where clang cannot build them); then a summary of every stage.
test: test-deps
	$(Q)MAKE="$(MAKE)" JOBS=$(JOBS) FUZZ_CC=$(FUZZ_CC) RELEASE=$(RELEASE) ASAN=$(ASAN) TSAN=$(TSAN) tests/stages.sh

# On a machine with a CUDA device: the GPU tests, and the CUDA code under
# compute-sanitizer.  Skips with a message where there is no device.
SANITIZER := $(shell command -v compute-sanitizer 2>/dev/null || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
gpu-test: release
	$(Q)cd $(RELEASE) && ctest --output-on-failure -V -R '^(gpu|c4_gpu)'

signature: release
	$(Q)$(RELEASE)/gts bench --signature

# PREFIX=DIR installs there (default /usr/local, CMake's).
PREFIX ?=
install: release
	$(Q)cmake --install $(RELEASE) $(if $(PREFIX),--prefix $(PREFIX))

clean:
	rm -rf build
