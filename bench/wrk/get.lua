-- wrk script of the GET benchmarks: the request is wrk's own (the URL given); this only
-- prints the one line the harness parses.
done = function(summary, latency, _requests)
  local errors = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d non2xx=%d connect=%d read=%d write=%d timeout=%d p50_us=%d p90_us=%d p99_us=%d\n",
    summary.requests, summary.duration, errors.status, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99)))
end
