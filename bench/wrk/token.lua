-- wrk script of the token benchmark: each request redeems the next pre-minted code, or with
-- GRANT=refresh_token the next pre-minted refresh token.
-- Environment: CODES_FILE (lines "code verifier", or one refresh token per line), CLIENT_AUTH
-- (the Basic credentials), REDIRECT_URI. One wrk thread; the harness mints more than a run uses.
local refresh = os.getenv("GRANT") == "refresh_token"
local codes = {}
for line in io.lines(os.getenv("CODES_FILE")) do
  local code, verifier = line:match("^(%S+) ?(%S*)$")
  if code then codes[#codes + 1] = { code, verifier } end
end

local function escape(value)
  return (value:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local next_code = 0
local redirect_uri = escape(os.getenv("REDIRECT_URI"))
local headers = {
  ["Authorization"] = "Basic " .. os.getenv("CLIENT_AUTH"),
  ["Content-Type"] = "application/x-www-form-urlencoded",
}

request = function()
  next_code = next_code + 1
  local pair = codes[next_code] or codes[#codes]
  local body
  if refresh then
    body = "grant_type=refresh_token&refresh_token=" .. escape(pair[1])
  else
    body = "grant_type=authorization_code&code=" .. escape(pair[1])
      .. "&redirect_uri=" .. redirect_uri .. "&code_verifier=" .. escape(pair[2])
  end
  return wrk.format("POST", "/token", headers, body)
end

done = function(summary, latency, _requests)
  -- One line the harness parses. errors.status counts answers of 400 and above.
  local errors = summary.errors
  io.write(string.format(
    "RESULT requests=%d duration_us=%d non2xx=%d connect=%d read=%d write=%d timeout=%d p50_us=%d p90_us=%d p99_us=%d codes=%d\n",
    summary.requests, summary.duration, errors.status, errors.connect, errors.read, errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), #codes))
end
