-- wrk script of the insight benchmark: every request posts the same batch of analytics events
-- (BODY_FILE, JSON) to /v1/events as the login UI's beacon would (ORIGIN: the provider's).
-- The line the harness parses is get.lua's.
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "get.lua")

local file = io.open(os.getenv("BODY_FILE"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = os.getenv("ORIGIN")
