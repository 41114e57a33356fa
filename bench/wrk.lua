-- wrk script for bench/run.sh: the request to send comes from the environment, and the summary is printed as one
-- line bench/run.sh can read.
--   BENCH_METHOD     GET (default) or POST
--   BENCH_BODY_FILE  a file whose bytes are sent as an application/json body
--   BENCH_VARY       a query parameter given another value on every request (0 to 63.9 in steps of 0.1, appended
--                    to the path), so no two of 640 consecutive requests are the same query
-- Prints: bench-result rps=R p50_us=A p99_us=B requests=N status_errors=S socket_errors=E bytes=Y
-- (wrk counts answers with a status of 400 or more as status errors; socket errors are connect, read, write and
-- timeout errors together.)

wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body_file = os.getenv("BENCH_BODY_FILE")
if body_file ~= nil and body_file ~= "" then
    local f = assert(io.open(body_file, "rb"))
    wrk.body = f:read("*a")
    f:close()
    wrk.headers["Content-Type"] = "application/json"
end

local vary = os.getenv("BENCH_VARY")
if vary ~= nil and vary ~= "" then
    local counter = 0
    request = function()
        counter = counter + 1
        return wrk.format(nil, wrk.path .. "&" .. vary .. "=" .. ((counter % 640) / 10))
    end
end

function done(summary, latency, requests)
    local e = summary.errors
    io.write(string.format(
        "bench-result rps=%.1f p50_us=%d p99_us=%d requests=%d status_errors=%d socket_errors=%d bytes=%d\n",
        summary.requests / (summary.duration / 1e6), latency:percentile(50), latency:percentile(99),
        summary.requests, e.status, e.connect + e.read + e.write + e.timeout, summary.bytes))
end
