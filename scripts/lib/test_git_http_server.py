#!/usr/bin/env python3
"""Tests of the benchmark's git server (scripts/lib/git_http_server.py): the link arithmetic with a fake
clock, the CGI parsing, and real clones and reference listings through it. No timing is asserted."""
import http.server
import os
import subprocess
import tempfile
import threading
import unittest

import git_http_server as server_module

GIT_ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com", GIT_TERMINAL_PROMPT="0")


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class LinkTests(unittest.TestCase):
    def test_transfers_queue_on_a_shared_link(self):
        clock = FakeClock()
        link = server_module.Link(1000, clock=clock)
        self.assertAlmostEqual(link.reserve(1000), 1.0)
        # A second transfer asked for at the same moment waits for the first to go through.
        self.assertAlmostEqual(link.reserve(500), 1.5)
        clock.now = 1.0
        self.assertAlmostEqual(link.reserve(1000), 1.5)

    def test_an_idle_link_starts_a_transfer_at_once(self):
        clock = FakeClock()
        link = server_module.Link(1000, clock=clock)
        link.reserve(1000)
        clock.now = 10.0
        self.assertAlmostEqual(link.reserve(100), 0.1)

    def test_no_cap_and_empty_bodies_cost_nothing(self):
        clock = FakeClock()
        self.assertEqual(server_module.Link(0, clock=clock).reserve(10 ** 9), 0.0)
        link = server_module.Link(1000, clock=clock)
        self.assertEqual(link.reserve(0), 0.0)
        self.assertAlmostEqual(link.reserve(1000), 1.0)


class CGITests(unittest.TestCase):
    def test_status_headers_and_body(self):
        status, headers, body = server_module.parse_cgi(
            b"Status: 404 Not Found\r\nContent-Type: text/plain\r\nExpires: Fri, 01 Jan 1980 00:00:00 GMT\r\n\r\nnot found\r\n\r\nx")
        self.assertEqual(status, 404)
        self.assertEqual(headers, [("Content-Type", "text/plain"), ("Expires", "Fri, 01 Jan 1980 00:00:00 GMT")])
        self.assertEqual(body, b"not found\r\n\r\nx")

    def test_no_status_is_200_and_bare_newlines_are_accepted(self):
        status, headers, body = server_module.parse_cgi(b"Content-Type: application/x-git-upload-pack-result\n\n\x00\x01PACK")
        self.assertEqual(status, 200)
        self.assertEqual(headers, [("Content-Type", "application/x-git-upload-pack-result")])
        self.assertEqual(body, b"\x00\x01PACK")


class ServingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        work = os.path.join(cls.folder.name, "work")
        os.makedirs(work)
        subprocess.run(["git", "init", "-q", "-b", "main", work], check=True, env=GIT_ENV)
        with open(os.path.join(work, "App.swift"), "w") as handle:
            handle.write("import UIKit\n")
        subprocess.run(["git", "-C", work, "add", "-A"], check=True, env=GIT_ENV)
        subprocess.run(["git", "-C", work, "commit", "-qm", "one"], check=True, env=GIT_ENV)
        cls.root = os.path.join(cls.folder.name, "served")
        os.makedirs(cls.root)
        subprocess.run(["git", "clone", "-q", "--bare", work, os.path.join(cls.root, "shop.git")], check=True, env=GIT_ENV)
        cls.head = subprocess.run(["git", "-C", work, "rev-parse", "HEAD"], check=True, env=GIT_ENV,
                                  capture_output=True, text=True).stdout.strip()
        cls.log_path = os.path.join(cls.folder.name, "requests.log")
        cls.log = open(cls.log_path, "a")
        handler = server_module.make_handler(cls.root, 0.002, server_module.Link(0), cls.log)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        cls.server.daemon_threads = True
        cls.thread = threading.Thread(target=cls.server.serve_forever, daemon=True)
        cls.thread.start()
        cls.url = f"http://127.0.0.1:{cls.server.server_address[1]}/shop.git"

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()
        cls.log.close()
        cls.folder.cleanup()

    def requests(self):
        with open(self.log_path) as handle:
            return [line.split() for line in handle]

    def test_ls_remote_lists_the_branch(self):
        before = len(self.requests())
        out = subprocess.run(["git", "ls-remote", self.url, "refs/heads/main"], check=True, env=GIT_ENV,
                             capture_output=True, text=True).stdout
        self.assertEqual(out.split(), [self.head, "refs/heads/main"])
        new = self.requests()[before:]
        self.assertGreaterEqual(len(new), 1)
        self.assertTrue(new[0][0] == "GET" and "/info/refs" in new[0][1])
        # Every request is logged with the latency it was given (2 ms, no bandwidth cap).
        self.assertTrue(all(float(line[4]) == 2.0 for line in new))

    def test_a_mirror_clone_gets_the_commit(self):
        target = os.path.join(self.folder.name, "mirror.git")
        subprocess.run(["git", "clone", "-q", "--mirror", self.url, target], check=True, env=GIT_ENV)
        got = subprocess.run(["git", "-C", target, "rev-parse", "refs/heads/main"], check=True, env=GIT_ENV,
                             capture_output=True, text=True).stdout.strip()
        self.assertEqual(got, self.head)
        self.assertTrue(any(line[0] == "POST" and "git-upload-pack" in line[1] for line in self.requests()))

    def test_a_missing_repository_is_not_found(self):
        result = subprocess.run(["git", "ls-remote", self.url.replace("shop.git", "nothing.git")], env=GIT_ENV,
                                capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertTrue(any(line[2] == "404" and "nothing.git" in line[1] for line in self.requests()))

    def test_pushes_are_refused(self):
        work = os.path.join(self.folder.name, "pusher")
        subprocess.run(["git", "clone", "-q", self.url, work], check=True, env=GIT_ENV)
        with open(os.path.join(work, "B.swift"), "w") as handle:
            handle.write("// b\n")
        subprocess.run(["git", "-C", work, "add", "-A"], check=True, env=GIT_ENV)
        subprocess.run(["git", "-C", work, "commit", "-qm", "two"], check=True, env=GIT_ENV)
        result = subprocess.run(["git", "-C", work, "push", "-q", "origin", "main"], env=GIT_ENV, capture_output=True, text=True)
        self.assertNotEqual(result.returncode, 0)
        self.assertTrue(any(line[2] == "403" for line in self.requests()))


if __name__ == "__main__":
    unittest.main()
