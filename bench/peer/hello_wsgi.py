"""The smallest WSGI app: 16 bytes, no framework. bench/pipeline.py runs it under each WSGI
server to measure what the server's own loop costs per request."""

BODY = b'{"status":"ok"}\n'


def application(environ, start_response):
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))])
    return [BODY]
