# gpurec as a container: built on Debian 12 with the Makefile's own targets, run as a non-root user with only the
# runtime libraries. Build: docker build -t gpurec .   Run: docker run -p 8080:8080 -v gpurec-data:/var/lib/gpurec gpurec
# The image serves on :8080, keeps its SQLite database on the /var/lib/gpurec volume and applies the migrations
# (installed in /usr/share/gpurec/migrations) at start. tests/deploy/run.sh checks what this file does without Docker;
# `make test-container` builds and runs it with podman (tests/container/test.sh).
# With podman, build with `--format docker`: the default OCI image format has no HEALTHCHECK and podman drops it.
# The final image's binary is stripped. Its debug symbols stay in the build stage, in /debug/gpurec.debug (the binary
# names it in .gnu_debuglink and both carry the same build ID); to get them:
#   docker build --target build -t gpurec-build . && id=$(docker create gpurec-build) \
#     && docker cp "$id":/debug/gpurec.debug . && docker rm "$id"
# then `gdb -ex 'symbol-file gpurec.debug' gpurec core`, or put the file where gdb looks for the binary's debug link.

# ---- build: the same packages and targets as a developer's machine -------------------------------------------------
FROM debian:bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends gcc libc6-dev make pkg-config binutils \
        libmicrohttpd-dev libjansson-dev libsqlite3-dev libcurl4-openssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Makefile ./
COPY service/ service/
COPY tools/ tools/
COPY web/ web/
COPY migrations/ migrations/
# PREFIX is given to both steps: the binary looks for $(PREFIX)/share/gpurec/migrations by default.
RUN make -j"$(nproc)" BUILD=build PREFIX=/usr \
 && make install BUILD=build PREFIX=/usr DESTDIR=/out \
 && /out/usr/bin/gpurec --version
# The symbols go to /debug/gpurec.debug; the installed binary keeps only what it needs to run, plus the debug link.
RUN mkdir /debug \
 && objcopy --only-keep-debug /out/usr/bin/gpurec /debug/gpurec.debug \
 && strip --strip-all /out/usr/bin/gpurec \
 && objcopy --add-gnu-debuglink=/debug/gpurec.debug /out/usr/bin/gpurec \
 && /out/usr/bin/gpurec --version

# ---- runtime: the shared libraries the binary links (tests/deploy checks this list against ldd) --------------------
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 libjansson4 libsqlite3-0 libcurl4 ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 gpurec \
 && useradd --system --uid 10001 --gid gpurec --home-dir /var/lib/gpurec --no-create-home \
        --shell /usr/sbin/nologin gpurec \
 && install -d -o gpurec -g gpurec -m 0750 /var/lib/gpurec
COPY --from=build /out/ /
ENV GPUREC_LISTEN=0.0.0.0:8080 \
    GPUREC_DB=/var/lib/gpurec/gpurec.db \
    GPUREC_LOG_FORMAT=json
VOLUME ["/var/lib/gpurec"]
WORKDIR /var/lib/gpurec
USER 10001:10001
EXPOSE 8080
STOPSIGNAL SIGTERM
# Ready = a catalog is loaded and the process is not draining. The image has no curl: bash's /dev/tcp asks /readyz
# on the port of GPUREC_LISTEN, at 127.0.0.1 and then at ::1, so an IPv4 and an IPv6 or dual-stack ([::]) listener
# both pass.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["bash", "-c", "listen=${GPUREC_LISTEN:-0.0.0.0:8080}; port=${listen##*:}; for host in 127.0.0.1 ::1; do { exec 3<>\"/dev/tcp/$host/$port\"; } 2>/dev/null || continue; printf 'GET /readyz HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n' >&3; status=; read -r -t 2 _ status _ <&3; exec 3<&-; [ \"$status\" = 200 ] && exit 0; done; exit 1"]
ENTRYPOINT ["gpurec"]
CMD ["serve"]
