#!/usr/bin/env python3
"""A local smart-HTTP git server for benchmarks: `git http-backend` behind a small threaded HTTP server
that adds a network's cost to every request, so a sweep and plain git can be timed against the same
"remote" on one machine.

    git_http_server.py ROOT [--latency-ms 30] [--bandwidth-mbit 100] [--port 0] [--log FILE] [--allow-push]

serves the bare repositories under ROOT as http://127.0.0.1:PORT/<name> (read-only: upload-pack only)
and prints PORT as its first line. Loopback only.

- Pushes: refused (403) unless `--allow-push`, which takes the token from the environment variable
  GIT_HTTP_PUSH_TOKEN (never from the command line, which any process can read) and then accepts a push
  only with Basic credentials whose password is that token (401 otherwise, as a forge asks). The
  repositories' hooks run, so a pre-receive hook can decline a push as a forge's rules would.

- Latency: every request waits `--latency-ms` before it is answered, as one round trip to a distant
  host would (smart HTTP costs a request per round trip: `ls-remote` one or two, a clone two or three).
- Bandwidth: every response body goes through one shared link of `--bandwidth-mbit`, first come first
  served, as a sweep's machine shares its uplink among its parallel fetches.
- Log: one line per request, `METHOD PATH STATUS BYTES DELAY_MS`, for counting round trips."""
import argparse
import base64
import hmac
import http.server
import os
import subprocess
import sys
import threading
import time


class Link:
    """A shared link of `rate` bytes per second: a transfer starts when the link is free (or now, if it
    is idle) and takes size / rate; `reserve` says how long the caller must wait for its bytes to have
    gone through. The clock is injectable so the arithmetic can be tested without sleeping."""

    def __init__(self, rate, clock=time.monotonic):
        self.rate = rate
        self.clock = clock
        self.free_at = 0.0
        self.lock = threading.Lock()

    def reserve(self, size):
        if not self.rate or size <= 0:
            return 0.0
        with self.lock:
            now = self.clock()
            start = max(now, self.free_at)
            self.free_at = start + size / self.rate
            return self.free_at - now


def parse_cgi(output):
    """Splits `git http-backend` output into (status, headers, body)."""
    head, separator, body = output.partition(b"\r\n\r\n")
    if not separator:
        head, separator, body = output.partition(b"\n\n")
    status, headers = 200, []
    for line in head.decode("latin-1").splitlines():
        name, _, value = line.partition(":")
        value = value.strip()
        if not name:
            continue
        if name.lower() == "status":
            status = int(value.split()[0])
        else:
            headers.append((name, value))
    return status, headers, body


def read_body(handler):
    """The request body, chunked or sized."""
    if handler.headers.get("Transfer-Encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int(handler.rfile.readline().split(b";")[0].strip(), 16)
            if size == 0:
                while handler.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                return body
            body += handler.rfile.read(size)
            handler.rfile.readline()
    return handler.rfile.read(int(handler.headers.get("Content-Length") or 0))


def carries_token(authorization, token):
    """Whether an Authorization header holds Basic credentials whose password is `token` (any user)."""
    scheme, _, encoded = (authorization or "").partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        user_password = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
    except ValueError:
        return False
    return hmac.compare_digest(user_password.partition(":")[2].encode(), token.encode())


def make_handler(root, latency, link, log, push_token=None):
    """`push_token`: None keeps the server read-only; a token lets pushes through that carry it."""
    log_lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            self.serve()

        def do_POST(self):
            self.serve()

        def serve(self):
            body = read_body(self)
            time.sleep(latency)
            path, _, query = self.path.partition("?")
            env = dict(os.environ, GIT_PROJECT_ROOT=root, GIT_HTTP_EXPORT_ALL="1", PATH_INFO=path, QUERY_STRING=query,
                       REQUEST_METHOD=self.command, CONTENT_TYPE=self.headers.get("Content-Type", ""),
                       CONTENT_LENGTH=str(len(body)), REMOTE_ADDR="127.0.0.1", GIT_CONFIG_NOSYSTEM="1")
            env.pop("GIT_HTTP_PUSH_TOKEN", None)
            if "git-receive-pack" in path or "service=git-receive-pack" in query:
                # Read-only by default: a push (receive-pack) is refused before git sees it.
                if push_token is None:
                    self.answer(403, [("Content-Type", "text/plain")], b"read-only\n")
                    return
                if not carries_token(self.headers.get("Authorization"), push_token):
                    self.answer(401, [("WWW-Authenticate", 'Basic realm="git"'), ("Content-Type", "text/plain")], b"token required\n")
                    return
                # http-backend runs receive-pack only for an authenticated user.
                env["REMOTE_USER"] = "pusher"
            if self.headers.get("Git-Protocol"):
                env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
            if self.headers.get("Content-Encoding"):
                env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
            output = subprocess.run(["git", "http-backend"], input=body, env=env, capture_output=True).stdout
            status, headers, payload = parse_cgi(output)
            self.answer(status, headers, payload)

        def answer(self, status, headers, payload):
            wait = link.reserve(len(payload))
            # Logged before the first byte goes out: a client that has its answer (a 404 ends git at the status
            # line) must find the request in the log.
            if log:
                with log_lock:
                    log.write(f"{self.command} {self.path} {status} {len(payload)} {wait * 1000 + latency * 1000:.1f}\n")
                    log.flush()
            self.send_response(status)
            for name, value in headers:
                if name.lower() not in ("content-length", "transfer-encoding"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if wait > 0:
                time.sleep(wait)
            self.wfile.write(payload)

        def log_message(self, *args):
            pass

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root")
    parser.add_argument("--latency-ms", type=float, default=30.0)
    parser.add_argument("--bandwidth-mbit", type=float, default=100.0, help="0: no cap")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--allow-push", action="store_true", help="accept pushes carrying the token in $GIT_HTTP_PUSH_TOKEN")
    args = parser.parse_args()
    push_token = None
    if args.allow_push:
        push_token = os.environ.get("GIT_HTTP_PUSH_TOKEN", "")
        if not push_token:
            parser.error("--allow-push needs the token in the environment variable GIT_HTTP_PUSH_TOKEN")
    link = Link(args.bandwidth_mbit * 1e6 / 8)
    log = open(args.log, "a") if args.log else None
    handler = make_handler(os.path.abspath(args.root), args.latency_ms / 1000, link, log, push_token)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    server.daemon_threads = True
    server.request_queue_size = 128
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
