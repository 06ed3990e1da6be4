# Thin wrapper over CMake: `make run` and `make test` are the quick start.
# Missing build tools are installed with apt-get when run as root.

RELEASE := build/release
ASAN    := build/asan
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
# nvcc is often installed outside PATH.
NVCC    := $(shell command -v nvcc 2>/dev/null || ls /usr/local/cuda/bin/nvcc 2>/dev/null)
CUDA_ARG := $(if $(NVCC),-DCMAKE_CUDA_COMPILER=$(NVCC),)
# command:package pairs; a tool already on the PATH (from any source) is
# not installed again.
TOOLS := cmake:cmake cc:gcc c++:g++

.PHONY: all deps release asan run test install gpu-test signature clean

all: release

deps:
	@missing=""; \
	for t in $(TOOLS); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; done; \
	[ -e /usr/include/stdio.h ] || missing="$$missing libc6-dev"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing packages:$$missing (run as root, or: sudo apt-get install$$missing)"; exit 1; \
	  fi; \
	fi

release: deps
	cmake -S . -B $(RELEASE) -DCMAKE_BUILD_TYPE=Release $(CUDA_ARG) >/dev/null
	cmake --build $(RELEASE) -j $(JOBS)

asan: deps
	cmake -S . -B $(ASAN) -DCMAKE_BUILD_TYPE=Debug -DGTS_SANITIZE=ON -DGTS_CUDA=OFF >/dev/null
	cmake --build $(ASAN) -j $(JOBS)

# Solves the bundled sample positions (data/c4) and prints the result table.
run: release
	$(RELEASE)/gts c4 bench --data data/c4

# Release build with CUDA when nvcc is there, then the same tests under
# AddressSanitizer + UndefinedBehaviorSanitizer.
test: release asan
	cd $(RELEASE) && ctest --output-on-failure -j $(JOBS)
	cd $(ASAN) && ctest --output-on-failure -j $(JOBS)

# On a machine with a CUDA device: the GPU tests, and the CUDA code under
# compute-sanitizer.  Skips with a message where there is no device.
SANITIZER := $(shell command -v compute-sanitizer 2>/dev/null || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null)
gpu-test: release
	cd $(RELEASE) && ctest --output-on-failure -V -R '^(gpu|c4_gpu)'

signature: release
	$(RELEASE)/gts bench --signature

install: release
	cmake --install $(RELEASE)

clean:
	rm -rf build
