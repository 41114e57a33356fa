# gpurec build. `make` builds build/gpurec; `make run` installs what is missing, builds, migrates and serves on :8080;
# `make test` installs, builds and runs every suite, plain and under AddressSanitizer + UBSan.
# BUILD selects the output folder, so several builds of one tree (plain, sanitizer, fuzz) never share objects.

BUILD ?= build
PREFIX ?= /usr/local
DESTDIR ?=
VERSION := 0.1.0
PKGS := libmicrohttpd jansson sqlite3 libcurl

WARN := -Wall -Wextra -Wshadow -Wmissing-prototypes -Werror
# Link-time optimisation for the daemon: a request crosses many small modules (the answer writer, number text, the
# fits), and optimising the program as a whole inlines across them (about 4 % fewer instructions per recommendation,
# counted with callgrind). Fat objects carry ordinary code too, so the test programs link from the same objects without a
# whole-program step; only $(BUILD)/gpurec is linked with -flto.
CFLAGS ?= -O2 -g -flto=auto -ffat-lto-objects
# gcc for x86-64 zeroes a struct of known size with `rep stosq`, whose start-up costs tens of cycles, while a
# recommendation zeroes a fit (192 bytes) for every instance type it judges and a few request-sized structs besides:
# small ones are zeroed with vector stores instead, larger ones by libc's memset (about 6 % off the in-process time of
# the 7B recommendation, bench/recommend_loop.c). A copy of a bounded length (a request's method and path into its
# state) is likewise a `rep movsq` otherwise. Only where the compiler takes the options.
MEMSET_STRATEGY := -mmemset-strategy=vector_loop:256:noalign,libcall:-1:noalign \
                   -mmemcpy-strategy=vector_loop:256:noalign,libcall:-1:noalign
STRINGOP_FLAGS := $(shell $(CC) $(MEMSET_STRATEGY) -Werror -E -x c /dev/null >/dev/null 2>&1 && echo $(MEMSET_STRATEGY))
LDFLAGS ?=
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null)
ALL_CFLAGS = -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) $(STRINGOP_FLAGS) -MMD -MP \
             -Iservice -I$(BUILD)/gen $(PKG_CFLAGS) -DGPUREC_VERSION='"$(VERSION)"' \
             -DGPUREC_DATADIR='"$(PREFIX)/share/gpurec"'
LIBS = $(PKG_LIBS) -lpthread -lm

SVC_SRCS := $(filter-out service/main.c,$(wildcard service/*/*.c service/*/*/*.c))
SVC_OBJS := $(SVC_SRCS:%.c=$(BUILD)/%.o)
UI_ASSETS := $(sort $(wildcard web/*.html web/*.css web/*.js web/*.svg))
UI_OBJ := $(BUILD)/gen/ui_assets.o
TEST_SRCS := $(wildcard tests/unit/*/test_*.c tests/system/test_*.c)
TEST_BINS := $(TEST_SRCS:tests/%.c=$(BUILD)/tests/%)
TEST_SUPPORT_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/support/*.c))

TSAN_FLAGS := -O1 -g -fsanitize=thread
TSAN_SUITES := test_catalog test_catalog_watch test_load_refresh test_slow_clients test_worker test_http
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
# The builds that targets below start in a sub-make (check, the sanitizer and fuzz builds) use every CPU, unless the
# command line gave its own -j (the sub-make then shares that one's job slots).
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
SUB_J = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))

.PHONY: FORCE all deps run test check check-suites asan tsan bench fuzz fuzz-build fuzz-bins install clean validate
.DEFAULT_GOAL := all

all: $(BUILD)/gpurec

deps:
	sh deploy/install-deps.sh build

run: deps
	$(MAKE) $(SUB_J) all
	./$(BUILD)/gpurec migrate
	exec ./$(BUILD)/gpurec serve

# Everything a clean Debian 12 machine needs, then every suite in the plain and the sanitizer build.
test:
	sh deploy/install-deps.sh test ui bench
	$(MAKE) $(SUB_J) check
	$(MAKE) $(SUB_J) BUILD=$(BUILD)/asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check-suites
	$(MAKE) $(SUB_J) BUILD=$(BUILD)/tsan CC=clang CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" SUITES="$(TSAN_SUITES)" \
	    check-suites
	sh tests/run-extra.sh $(BUILD)

# The image built from the Dockerfile and run with podman, as root (tests/container/test.sh); .ci/run runs it after
# `make test`. The first run makes the Debian base image with debootstrap, later ones reuse it.
.PHONY: test-container
test-container:
	sh deploy/install-deps.sh container
	sh tests/container/test.sh

check: all $(TEST_BINS)
	sh tests/layers.sh
	sh tests/run-suites.sh $(BUILD)

check-suites: all $(TEST_BINS)
	SUITES="$(SUITES)" sh tests/run-suites.sh $(BUILD)

asan:
	$(MAKE) $(SUB_J) BUILD=build/asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" check-suites

# Every suite under ThreadSanitizer; `make test` runs the ones whose threads share state (TSAN_SUITES).
tsan:
	$(MAKE) $(SUB_J) BUILD=build/tsan CC=clang CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" check-suites

# libFuzzer targets fuzz/fuzz_*.c, built with clang into $(BUILD)/fuzz (they stand in for server.c and fetch.c, see
# fuzz/fuzz_support.h); `make fuzz FUZZ_SECONDS=N` runs each N seconds from its seed corpus in tests/fuzz-corpus/.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_BINS := $(patsubst fuzz/%.c,$(BUILD)/fuzz/%,$(filter-out fuzz/fuzz_support.c,$(wildcard fuzz/fuzz_*.c)))
FUZZ_LINK_OBJS := $(filter-out $(BUILD)/service/face/http/server.o $(BUILD)/service/face/http/request_read.o \
                                $(BUILD)/service/worker/fetch.o,$(SVC_OBJS)) $(UI_OBJ) $(BUILD)/fuzz/fuzz_support.o

fuzz:
	sh tests/fuzz/run.sh $(BUILD) $(FUZZ_SECONDS)

fuzz-build:
	$(MAKE) $(SUB_J) BUILD=$(BUILD)/fuzz CC=clang CFLAGS="$(FUZZ_FLAGS)" LDFLAGS="-fsanitize=address,undefined" fuzz-bins

fuzz-bins: $(FUZZ_BINS)

$(FUZZ_BINS): $(BUILD)/fuzz/%: $(BUILD)/fuzz/%.o $(FUZZ_LINK_OBJS)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(LIBS)

$(BUILD)/gpurec: $(BUILD)/service/main.o $(SVC_OBJS) $(UI_OBJ)
	$(CC) $(LDFLAGS) $(filter -flto%,$(CFLAGS)) -o $@ $^ $(LIBS)

# GPUREC_DATADIR is compiled into config.o: rebuild it when PREFIX changes.
$(BUILD)/prefix.stamp: FORCE
	@mkdir -p $(BUILD)
	@echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@

$(BUILD)/service/base/config.o: $(BUILD)/prefix.stamp

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The web page's files are compiled into the binary, so the daemon needs nothing beside it at run time.
$(BUILD)/tools/embed: tools/embed.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -o $@ $<

$(BUILD)/gen/ui_assets.c: $(BUILD)/tools/embed $(UI_ASSETS)
	@mkdir -p $(dir $@)
	$(BUILD)/tools/embed $@ $(UI_ASSETS)

$(BUILD)/gen/ui_assets.o: $(BUILD)/gen/ui_assets.c
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

$(BUILD)/tests/support/%.o: tests/support/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests -Itests/support -c -o $@ $<

$(BUILD)/tests/%.o: tests/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) -Itests -Itests/support -c -o $@ $<

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(SVC_OBJS) $(UI_OBJ) $(TEST_SUPPORT_OBJS)
	$(CC) $(LDFLAGS) -o $@ $^ $(CHECK_LIBS) $(LIBS)

# The validation runner (tests/validation/README.md): every published measurement under tests/validation/cases through
# the engine on the seed catalog, against the floors in tests/validation/floors.json. `make test` runs it too
# (tests/validation/run.sh, from tests/run-extra.sh).
VALIDATE_BIN := $(BUILD)/tests/validation/validate

$(VALIDATE_BIN): $(BUILD)/tests/validation/validate.o $(SVC_OBJS) $(UI_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LIBS)

validate: $(VALIDATE_BIN)
	./$(VALIDATE_BIN) tests/validation

install: $(BUILD)/gpurec
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/gpurec/migrations
	install -m 0755 $(BUILD)/gpurec $(DESTDIR)$(PREFIX)/bin/gpurec
	install -m 0644 migrations/*.sql $(DESTDIR)$(PREFIX)/share/gpurec/migrations/

bench:
	sh deploy/install-deps.sh bench
	$(MAKE) $(SUB_J) all
	sh bench/run.sh $(BUILD)

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
