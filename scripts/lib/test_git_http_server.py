#!/usr/bin/env python3
"""Tests of the benchmark's git server (scripts/lib/git_http_server.py): the link arithmetic with a fake
clock, the CGI parsing, and real clones and reference listings through it. No timing is asserted."""
import base64
import http.server
import os
import subprocess
import sys
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


class TokenTests(unittest.TestCase):
    def test_only_basic_credentials_with_the_token_as_password_pass(self):
        def basic(text):
            return "Basic " + base64.b64encode(text.encode()).decode()
        self.assertTrue(server_module.carries_token(basic("anyone:s3cret"), "s3cret"))
        self.assertTrue(server_module.carries_token(basic("x:s3:cret"), "s3:cret"))
        self.assertFalse(server_module.carries_token(basic("s3cret:other"), "s3cret"))
        self.assertFalse(server_module.carries_token(basic("anyone:s3cre"), "s3cret"))
        self.assertFalse(server_module.carries_token("Bearer s3cret", "s3cret"))
        self.assertFalse(server_module.carries_token("Basic !!!", "s3cret"))
        self.assertFalse(server_module.carries_token(None, "s3cret"))

    def test_allow_push_without_a_token_in_the_environment_does_not_start(self):
        env = {name: value for name, value in os.environ.items() if name != "GIT_HTTP_PUSH_TOKEN"}
        script = os.path.join(os.path.dirname(os.path.abspath(server_module.__file__)), "git_http_server.py")
        with tempfile.TemporaryDirectory() as root:
            result = subprocess.run([sys.executable, script, root, "--allow-push"], env=env, capture_output=True, text=True,
                                    timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn("GIT_HTTP_PUSH_TOKEN", result.stderr)


class PushTests(unittest.TestCase):
    """A server started with a push token: pushes carrying it arrive, others are asked for it and fail."""
    token = "push-tok-123"

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.work = os.path.join(cls.folder.name, "work")
        subprocess.run(["git", "init", "-q", "-b", "main", cls.work], check=True, env=GIT_ENV)
        subprocess.run(["git", "-C", cls.work, "commit", "-q", "--allow-empty", "-m", "one"], check=True, env=GIT_ENV)
        cls.root = os.path.join(cls.folder.name, "served")
        os.makedirs(cls.root)
        cls.remote = os.path.join(cls.root, "shop.git")
        subprocess.run(["git", "clone", "-q", "--bare", cls.work, cls.remote], check=True, env=GIT_ENV)
        cls.log_path = os.path.join(cls.folder.name, "requests.log")
        cls.log = open(cls.log_path, "a")
        handler = server_module.make_handler(cls.root, 0, server_module.Link(0), cls.log, push_token=cls.token)
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        cls.server.daemon_threads = True
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.port = cls.server.server_address[1]

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()
        cls.log.close()
        cls.folder.cleanup()

    def push(self, branch, password):
        url = f"http://pusher:{password}@127.0.0.1:{self.port}/shop.git"
        return subprocess.run(["git", "-C", self.work, "push", "-q", url, f"HEAD:refs/heads/{branch}"], env=GIT_ENV,
                              capture_output=True, text=True)

    def branch(self, name):
        return subprocess.run(["git", "--git-dir", self.remote, "rev-parse", "-q", "--verify", f"refs/heads/{name}"],
                              env=GIT_ENV, capture_output=True, text=True).stdout.strip()

    def test_a_push_with_the_token_arrives(self):
        result = self.push("with-token", self.token)
        self.assertEqual(result.returncode, 0, result.stderr)
        head = subprocess.run(["git", "-C", self.work, "rev-parse", "HEAD"], check=True, env=GIT_ENV, capture_output=True,
                              text=True).stdout.strip()
        self.assertEqual(self.branch("with-token"), head)

    def test_a_push_with_another_token_is_refused_and_changes_nothing(self):
        result = self.push("wrong-token", "not-the-token")
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(self.branch("wrong-token"), "")
        with open(self.log_path) as handle:
            lines = [line.split() for line in handle]
        self.assertTrue(any(line[2] == "401" and "git-receive-pack" in line[1] for line in lines))

    def test_the_repositorys_pre_receive_hook_can_decline(self):
        hook = os.path.join(self.remote, "hooks", "pre-receive")
        with open(hook, "w") as handle:
            handle.write("#!/bin/sh\necho 'no pushes on Fridays' >&2\nexit 1\n")
        os.chmod(hook, 0o755)
        try:
            result = self.push("declined", self.token)
        finally:
            os.remove(hook)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("no pushes on Fridays", result.stderr)
        self.assertEqual(self.branch("declined"), "")


if __name__ == "__main__":
    unittest.main()
