#!/usr/bin/env python3
"""Tests of the fake forges (scripts/lib/fake_forge.py): for each kind, pull requests (merge requests) and
issues opened, listed, updated and closed through its API; duplicates, wrong shapes and wrong credentials
refused as the real API refuses them; pages with a Link to the next; what a person does through the
control endpoints; injected failures; CI checks on commits as each kind reports them; and git clone and
push over smart HTTP with the token."""
import json
import os
import subprocess
import tempfile
import threading
import unittest
import urllib.error
import urllib.parse
import urllib.request

import fake_forge

TOKEN = "tok-3f9a-never-in-a-log"
GIT_ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com", GIT_TERMINAL_PROMPT="0",
               GIT_CONFIG_GLOBAL=os.devnull)


def git(*args, cwd=None, check=True):
    return subprocess.run(["git", *args], cwd=cwd, env=GIT_ENV, capture_output=True, text=True, check=check)


def setUpModule():
    """One source repository: main, a branch with a change (the patch), another, and one with nothing new."""
    global FIXTURE, SOURCE
    FIXTURE = tempfile.TemporaryDirectory()
    SOURCE = os.path.join(FIXTURE.name, "source")
    git("init", "-q", "-b", "main", SOURCE)

    def commit(name, text):
        with open(os.path.join(SOURCE, name), "w") as handle:
            handle.write(text)
        git("add", "-A", cwd=SOURCE)
        git("commit", "-qm", name, cwd=SOURCE)
    commit("App.swift", "import UIKit\n")
    git("branch", "nothing-new", cwd=SOURCE)
    git("checkout", "-qb", "scenesweep/ios27", cwd=SOURCE)
    commit("Scene.swift", "// scene\n")
    git("checkout", "-qb", "other", "main", cwd=SOURCE)
    commit("Other.swift", "// other\n")
    git("checkout", "-q", "main", cwd=SOURCE)


def tearDownModule():
    FIXTURE.cleanup()


class ForgeTestCase(unittest.TestCase):
    """A fresh forge of `kind` with acme/shop (and, for GitLab, a nested group's project) per test."""

    kind = ""
    repo = "acme/shop"

    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.root = os.path.join(self.folder.name, "root")
        for path in (self.repo, "group/sub/app"):
            git("clone", "-q", "--bare", SOURCE, os.path.join(self.root, path + ".git"))
        self.log_path = os.path.join(self.folder.name, "requests.jsonl")
        self.server = fake_forge.make_server(self.kind, self.root, TOKEN, "bot", self.log_path,
                                             labels=["scenesweep", "ios27"], users=["alice", "bob"])
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        self.origin = f"http://localhost:{self.server.server_address[1]}"

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()
        self.folder.cleanup()

    def request(self, method, path, body=None, headers=None, data=None, content_type="application/json"):
        """(status, parsed answer, headers) of a request to a path or a full URL."""
        url = path if path.startswith("http") else self.origin + path
        if body is not None:
            data = json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method, headers=dict(headers or {}))
        if data is not None and content_type:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request) as response:
                status, payload, headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, payload, headers = error.code, error.read(), error.headers
        try:
            return status, json.loads(payload or b"null"), headers
        except ValueError:
            return status, payload.decode(), headers

    def api(self, method, path, body=None, token=TOKEN, **options):
        headers = {self.auth_header: self.auth_prefix + token} if token is not None else {}
        return self.request(method, self.base + path, body, headers, **options)

    def control(self, name, body=None):
        return self.request("POST" if body is not None else "GET", "/_control/" + name, body)

    def log(self):
        with open(self.log_path) as handle:
            return [json.loads(line) for line in handle]

    def head(self, branch, path=None):
        bare = os.path.join(self.root, (path or self.repo) + ".git")
        return git("--git-dir", bare, "rev-parse", "refs/heads/" + branch).stdout.strip()

    def check(self, sha, state, name=None):
        """CI reports a check on a commit (a sha or `branch:<name>`); the resolved sha."""
        body = {"repo": self.repo, "sha": sha, "state": state}
        if name is not None:
            body["name"] = name
        status, answer, _ = self.control("checks", body)
        self.assertEqual(status, 200, answer)
        return answer["sha"]

    def git_url(self, token=TOKEN, path=None):
        credentials = f"anyone:{token}@" if token else ""
        return f"http://{credentials}localhost:{self.server.server_address[1]}/{path or self.repo}.git"


class CommonTests:
    """What every kind does the same way; each kind's class says how it opens a pull request and an issue."""

    def test_wrong_or_missing_credentials_are_refused_and_the_token_is_never_logged(self):
        status, answer, _ = self.api("GET", "/user", token=None)
        self.assertEqual((status, answer), (401, {"message": "Bad credentials"}))
        status, _, _ = self.api("GET", "/user", token="not-it")
        self.assertEqual(status, 401)
        status, answer, _ = self.api("GET", "/user")
        self.assertEqual(status, 200)
        self.assertEqual([entry["auth"] for entry in self.log()], ["missing", "wrong", "ok"])
        with open(self.log_path) as handle:
            self.assertNotIn(TOKEN, handle.read())

    def test_a_body_not_sent_as_json_is_refused(self):
        status, _, _ = self.api("POST", self.issues_path, data=b"title=x", content_type="application/x-www-form-urlencoded")
        self.assertEqual(status, 415)
        self.assertEqual(self.log()[-1]["body"], "title=x")

    def test_an_unknown_route_or_repository_is_not_found(self):
        self.assertEqual(self.api("GET", "/nothing/here")[0], 404)
        self.assertEqual(self.api("GET", self.issues_path.replace("shop", "gone"))[0], 404)

    def test_a_body_with_a_misspelt_field_or_a_wrong_type_is_refused_with_the_reason(self):
        status, answer, _ = self.api("POST", self.issues_path, {"titel": "x", self.body_field: 3})
        self.assertEqual(status, 422)
        for words in ("unknown field titel", "title is missing", f"{self.body_field} must be a string"):
            self.assertIn(words, answer["message"])
        self.assertIn("unknown field titel", self.log()[-1]["problem"])
        self.assertEqual(self.log()[-1]["body"], {"titel": "x", self.body_field: 3})

    def test_issues_come_in_pages_with_a_link_to_the_next(self):
        for index in range(35):
            self.open_issue(f"issue {index}")
        status, first, headers = self.api("GET", self.issues_path + "?state=all")
        self.assertEqual((status, len(first)), (200, 30))
        self.assertIn('rel="next"', headers["Link"])
        following = headers["Link"].split(">;")[0].lstrip("<")
        self.assertTrue(following.startswith(self.origin + self.base))
        status, second, headers = self.api("GET", following[len(self.origin) + len(self.base):])
        self.assertEqual((status, len(second)), (200, 5))
        self.assertNotIn('rel="next"', headers.get("Link") or "")
        titles = {issue["title"] for issue in first + second}
        self.assertEqual(len(titles), 35)
        status, small, headers = self.api("GET", self.issues_path + f"?state=all&{self.page_size}=10&page=4")
        self.assertEqual(len(small), 5)

    def test_an_injected_429_comes_with_retry_after_then_requests_pass(self):
        prefix = self.base + self.issues_path.rsplit("/", 1)[0]
        self.assertEqual(self.control("fail", {"path_prefix": prefix, "status": 429, "count": 2, "retry_after": 7})[0], 200)
        for _ in range(2):
            status, _, headers = self.api("GET", self.issues_path)
            self.assertEqual((status, headers["Retry-After"]), (429, "7"))
        self.assertEqual(self.api("GET", "/user")[0], 200)
        self.assertEqual(self.api("GET", self.issues_path)[0], 200)
        self.assertEqual([entry["status"] for entry in self.log()], [429, 429, 200, 200])
        self.assertEqual(self.log()[0]["problem"], "injected 429")

    def test_a_rate_limit_403_and_a_500_can_be_injected(self):
        prefix = self.base + "/user"
        self.control("fail", {"path_prefix": prefix, "status": 403, "count": 1, "ratelimit_remaining": "0"})
        self.control("fail", {"path_prefix": prefix, "status": 500, "count": 1})
        status, _, headers = self.api("GET", "/user")
        self.assertEqual((status, headers["X-RateLimit-Remaining"]), (403, "0"))
        self.assertEqual(self.api("GET", "/user")[0], 500)
        self.assertEqual(self.api("GET", "/user")[0], 200)

    def test_a_person_closes_an_issue(self):
        number = self.open_issue("to close")
        status, item = self.control("close", {"repo": self.repo, "number": number, "by": "alice", "type": "issue"})[:2]
        self.assertEqual((status, item["state"], item["closed_by"]), (200, "closed", "alice"))
        issue = self.api("GET", f"{self.issues_path}/{number}")[1]
        self.assertEqual(issue["state"], "closed")
        if self.kind == "gitea":
            self.assertNotIn("closed_by", issue)
        else:
            self.assertEqual(issue["closed_by"][self.login_field], "alice")
        self.assertEqual(self.control("close", {"repo": self.repo, "number": number, "by": "alice", "type": "issue"})[0], 409)
        self.assertFalse(any("_control" in entry["path"] for entry in self.log()))

    def test_a_person_merges_a_pull_request_and_the_default_branch_moves_to_its_head(self):
        number = self.open_pull("scenesweep/ios27")
        status, item = self.control("merge", {"repo": self.repo, "number": number, "by": "alice"})[:2]
        self.assertEqual((status, item["merged"]), (200, True))
        self.assertEqual(self.head("main"), self.head("scenesweep/ios27"))
        pull = self.get_pull(number)
        self.assertEqual(pull["state"], self.merged_state)
        self.assertIsNotNone(pull["merged_at"])
        self.assertEqual(self.control("merge", {"repo": self.repo, "number": number, "by": "alice"})[0], 409)
        state = self.control("state")[1]
        self.assertEqual(state["repos"][self.repo]["pulls"][0]["merged_by"], "alice")

    def test_git_clones_and_pushes_over_http_with_the_token(self):
        work = os.path.join(self.folder.name, "work")
        git("clone", "-q", self.git_url(), work)
        with open(os.path.join(work, "New.swift"), "w") as handle:
            handle.write("// new\n")
        git("add", "-A", cwd=work)
        git("commit", "-qm", "new", cwd=work)
        git("push", "-q", "origin", "HEAD:refs/heads/scenesweep/pushed", cwd=work)
        self.assertEqual(self.head("scenesweep/pushed"), git("rev-parse", "HEAD", cwd=work).stdout.strip())
        services = {(entry["service"], entry["status"]) for entry in self.log() if entry["kind"] == "git"}
        self.assertIn(("git-upload-pack", 200), services)
        self.assertIn(("git-receive-pack", 200), services)
        with open(self.log_path) as handle:
            self.assertNotIn(TOKEN, handle.read())

    def test_git_without_the_token_is_asked_for_credentials(self):
        for token in (None, "wrong"):
            result = git("ls-remote", self.git_url(token), check=False)
            self.assertNotEqual(result.returncode, 0)
        refused = [entry for entry in self.log() if entry["status"] == 401]
        self.assertEqual({entry["auth"] for entry in refused}, {"missing", "wrong"})
        status, _, headers = self.request("GET", f"/{self.repo}.git/info/refs?service=git-upload-pack")
        self.assertEqual((status, headers["WWW-Authenticate"]), (401, 'Basic realm="fake"'))

    def test_a_check_is_on_a_known_commit_and_branch_names_the_tip_now(self):
        head = self.head("scenesweep/ios27")
        status, answer, _ = self.control("checks", {"repo": self.repo, "sha": "branch:scenesweep/ios27", "state": "success"})
        self.assertEqual((status, answer["sha"], answer["name"], answer["checks"]), (200, head, "build", {"build": "success"}))
        self.assertEqual(self.check(head, "failure", name="lint"), head)
        # The same name replaces its earlier result.
        self.assertEqual(self.control("checks", {"repo": self.repo, "sha": head, "state": "pending"})[1]["checks"],
                         {"build": "pending", "lint": "failure"})
        for body in ({"repo": self.repo, "sha": head, "state": "passed"},
                     {"repo": self.repo, "sha": "0" * 40, "state": "success"},
                     {"repo": self.repo, "sha": "main", "state": "success"},
                     {"repo": self.repo, "sha": "branch:gone", "state": "success"},
                     {"repo": self.repo, "sha": head, "state": "success", "nmae": "x"},
                     {"repo": self.repo, "state": "success"}):
            self.assertEqual(self.control("checks", body)[0], 422, body)
        self.assertEqual(self.control("checks", {"repo": "acme/gone", "sha": head, "state": "success"})[0], 404)
        checks = self.control("state")[1]["repos"][self.repo]["checks"]
        self.assertEqual([(check["name"], check["state"]) for check in checks[head]], [("build", "pending"), ("lint", "failure")])
        self.assertFalse(os.path.exists(self.log_path))  # control requests are not logged

    def test_checks_are_refused_without_the_token_and_logged(self):
        self.check("branch:main", "success")
        status, _, _ = self.api("GET", self.checks_path("main"), token=None)
        self.assertEqual(status, 401)
        self.assertEqual(self.api("GET", self.checks_path("main"), token="not-it")[0], 401)
        self.assertEqual(self.api("GET", self.checks_path("main"))[0], 200)
        self.assertEqual([(entry["auth"], entry["status"]) for entry in self.log()], [("missing", 401), ("wrong", 401), ("ok", 200)])

    def test_a_refused_push_fails_with_the_hooks_message(self):
        work = os.path.join(self.folder.name, "work")
        git("clone", "-q", self.git_url(), work)
        self.assertEqual(self.control("refuse_push", {"repo": self.repo, "message": "pushes are frozen tonight"})[0], 200)
        git("commit", "-q", "--allow-empty", "-m", "x", cwd=work)
        result = git("push", "origin", "HEAD:refs/heads/blocked", cwd=work, check=False)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("pushes are frozen tonight", result.stderr)
        self.assertEqual(git("--git-dir", os.path.join(self.root, self.repo + ".git"), "branch", "--list", "blocked").stdout, "")


class GitHubTests(CommonTests, ForgeTestCase):
    kind = "github"
    base = "/api/v3"
    auth_header, auth_prefix = "Authorization", "Bearer "
    issues_path = "/repos/acme/shop/issues"
    body_field = "body"
    page_size = "per_page"
    login_field = "login"
    merged_state = "closed"

    def open_pull(self, head, **fields):
        status, pull, _ = self.api("POST", "/repos/acme/shop/pulls", dict({"title": "iOS 27", "head": head, "base": "main",
                                                                           "body": "why"}, **fields))
        self.assertEqual(status, 201, pull)
        return pull["number"]

    def open_issue(self, title):
        status, issue, _ = self.api("POST", self.issues_path, {"title": title, "body": "b"})
        self.assertEqual(status, 201, issue)
        return issue["number"]

    def get_pull(self, number):
        return self.api("GET", f"/repos/acme/shop/pulls/{number}")[1]

    def checks_path(self, ref):
        return f"/repos/acme/shop/commits/{ref}/check-runs"

    def runs(self, ref):
        status, answer, _ = self.api("GET", self.checks_path(ref))
        self.assertEqual(status, 200, answer)
        return answer

    def test_no_checks_no_check_runs_and_the_combined_status_is_always_pending_and_empty(self):
        head = self.head("main")
        self.assertEqual(self.runs(head), {"total_count": 0, "check_runs": []})
        status, combined, _ = self.api("GET", f"/repos/acme/shop/commits/{head}/status")
        self.assertEqual((status, combined["state"], combined["total_count"], combined["statuses"], combined["sha"]),
                         (200, "pending", 0, [], head))
        self.check(head, "success")
        combined = self.api("GET", "/repos/acme/shop/commits/main/status")[1]
        self.assertEqual((combined["state"], combined["total_count"], combined["sha"]), ("pending", 0, head))
        self.assertEqual(self.api("GET", self.checks_path("gone"))[0], 422)

    def test_check_runs_a_success_and_a_failure_and_a_pending_one_in_progress(self):
        head = self.check("branch:scenesweep/ios27", "success")
        self.check(head, "failure", name="test")
        runs = self.runs(head)
        self.assertEqual(runs["total_count"], 2)
        self.assertEqual([(run["name"], run["status"], run["conclusion"], run["head_sha"]) for run in runs["check_runs"]],
                         [("build", "completed", "success", head), ("test", "completed", "failure", head)])
        self.assertEqual(fake_forge.combined_state(run["conclusion"] for run in runs["check_runs"]), "failure")
        self.check(head, "pending", name="test")
        runs = self.runs("scenesweep/ios27")  # by branch, as a sha
        self.assertEqual([(run["name"], run["status"], run["conclusion"]) for run in runs["check_runs"]],
                         [("build", "completed", "success"), ("test", "in_progress", None)])
        self.assertEqual(self.runs("scenesweep%2Fios27")["total_count"], 2)
        self.assertEqual(self.runs(self.head("main"))["total_count"], 0)

    def test_the_user_and_the_repository(self):
        self.assertEqual(self.api("GET", "/user")[1]["login"], "bot")
        repo = self.api("GET", "/repos/acme/shop")[1]
        self.assertEqual((repo["full_name"], repo["default_branch"]), ("acme/shop", "main"))
        self.assertEqual(self.api("GET", "/repos/acme/gone")[0], 404)

    def test_a_pull_request_is_opened_listed_by_head_updated_and_closed(self):
        status, pull, headers = self.api("POST", "/repos/acme/shop/pulls", {
            "title": "iOS 27", "head": "scenesweep/ios27", "base": "main", "body": "why", "draft": True})
        self.assertEqual(status, 201)
        self.assertEqual(pull["html_url"], f"{self.origin}/acme/shop/pull/1")
        self.assertEqual(headers["Location"], pull["html_url"])
        self.assertEqual((pull["state"], pull["merged"], pull["merged_at"], pull["draft"]), ("open", False, None, True))
        self.assertEqual(pull["head"], {"ref": "scenesweep/ios27", "sha": self.head("scenesweep/ios27"),
                                        "label": "acme:scenesweep/ios27"})
        self.assertEqual((pull["base"]["ref"], pull["user"]["login"]), ("main", "bot"))
        other = self.open_pull("other")
        listed = self.api("GET", "/repos/acme/shop/pulls?state=open&head=acme:scenesweep/ios27")[1]
        self.assertEqual([item["number"] for item in listed], [1])
        # As on GitHub, a head without its owner filters nothing.
        self.assertEqual(len(self.api("GET", "/repos/acme/shop/pulls?head=scenesweep/ios27")[1]), 2)
        status, updated, _ = self.api("PATCH", "/repos/acme/shop/pulls/1", {"title": "iOS 27, again", "body": "more"})
        self.assertEqual((status, updated["title"], updated["body"]), (200, "iOS 27, again", "more"))
        status, reviewed, _ = self.api("POST", "/repos/acme/shop/pulls/1/requested_reviewers",
                                       {"reviewers": ["alice"], "team_reviewers": []})
        self.assertEqual((status, reviewed["requested_reviewers"]), (201, [{"login": "alice"}]))
        self.assertEqual(self.api("POST", "/repos/acme/shop/pulls/1/requested_reviewers", {"reviewers": ["bot"]})[0], 422)
        status, closed, _ = self.api("PATCH", f"/repos/acme/shop/pulls/{other}", {"state": "closed"})
        self.assertEqual((status, closed["state"]), (200, "closed"))
        self.assertEqual([item["number"] for item in self.api("GET", "/repos/acme/shop/pulls?state=closed")[1]], [other])
        self.assertEqual(len(self.api("GET", "/repos/acme/shop/pulls?state=all")[1]), 2)
        # The issues list holds pull requests too, marked as such.
        issue_view = self.api("GET", "/repos/acme/shop/issues/1")[1]
        self.assertEqual(issue_view["pull_request"]["merged_at"], None)

    def test_a_second_open_pull_request_for_the_same_head_is_refused(self):
        self.open_pull("scenesweep/ios27")
        again = {"title": "again", "head": "scenesweep/ios27", "base": "main"}
        status, answer, _ = self.api("POST", "/repos/acme/shop/pulls", again)
        self.assertEqual(status, 422)
        self.assertEqual(answer["message"], "Validation Failed")
        self.assertEqual(answer["errors"][0]["message"], "A pull request already exists for acme:scenesweep/ios27.")
        self.api("PATCH", "/repos/acme/shop/pulls/1", {"state": "closed"})
        self.assertEqual(self.open_pull("scenesweep/ios27"), 2)
        # Reopening the first would make two open ones.
        self.assertEqual(self.api("PATCH", "/repos/acme/shop/pulls/1", {"state": "open"})[0], 422)

    def test_a_pull_request_needs_existing_branches_and_a_change(self):
        for head, base in (("gone", "main"), ("scenesweep/ios27", "gone"), ("nothing-new", "main")):
            status, answer, _ = self.api("POST", "/repos/acme/shop/pulls", {"title": "x", "head": head, "base": base})
            self.assertEqual(status, 422, (head, base, answer))
        self.assertEqual(self.api("POST", "/repos/acme/shop/pulls", {"title": "x", "head": "other", "base": "main",
                                                                     "draft": "yes"})[1]["message"], "draft must be a boolean")

    def test_an_issue_is_opened_labelled_commented_listed_and_closed(self):
        status, issue, _ = self.api("POST", self.issues_path, {"title": "Blocked", "body": "b", "labels": ["scenesweep"],
                                                               "assignees": ["alice"]})
        self.assertEqual(status, 201)
        self.assertEqual(issue["html_url"], f"{self.origin}/acme/shop/issues/1")
        self.assertEqual(([label["name"] for label in issue["labels"]], issue["closed_by"]), (["scenesweep"], None))
        self.assertEqual(self.api("POST", self.issues_path, {"title": "x", "assignees": ["nobody"]})[0], 422)
        pull = self.open_pull("scenesweep/ios27")
        self.assertEqual(pull, 2)  # one counter for issues and pull requests
        status, labels, _ = self.api("POST", self.issues_path + "/1/labels", {"labels": ["ios27"]})
        self.assertEqual((status, [label["name"] for label in labels]), (200, ["scenesweep", "ios27"]))
        status, comment, _ = self.api("POST", self.issues_path + "/1/comments", {"body": "still blocked"})
        self.assertEqual((status, comment["body"]), (201, "still blocked"))
        self.assertEqual(self.api("POST", self.issues_path + "/1/comments", {})[0], 422)
        listed = self.api("GET", self.issues_path + "?state=open&creator=bot&labels=scenesweep,ios27")[1]
        self.assertEqual([item["number"] for item in listed], [1])
        self.assertEqual([item["number"] for item in self.api("GET", self.issues_path + "?state=all")[1]], [2, 1])
        status, closed, _ = self.api("PATCH", self.issues_path + "/1", {"state": "closed", "state_reason": "not_planned"})
        self.assertEqual((status, closed["state"], closed["closed_by"], closed["state_reason"]),
                         (200, "closed", {"login": "bot"}, "not_planned"))
        self.assertEqual(self.api("PATCH", self.issues_path + "/1", {"state": "shut"})[0], 422)


class GitLabTests(CommonTests, ForgeTestCase):
    kind = "gitlab"
    base = "/api/v4"
    auth_header, auth_prefix = "PRIVATE-TOKEN", ""
    issues_path = "/projects/acme%2Fshop/issues"
    mrs = "/projects/acme%2Fshop/merge_requests"
    body_field = "description"
    page_size = "per_page"
    login_field = "username"
    merged_state = "merged"

    def open_pull(self, head, **fields):
        status, mr, _ = self.api("POST", self.mrs, dict({"source_branch": head, "target_branch": "main", "title": "iOS 27"},
                                                        **fields))
        self.assertEqual(status, 201, mr)
        return mr["iid"]

    def open_issue(self, title):
        status, issue, _ = self.api("POST", self.issues_path, {"title": title, "description": "d"})
        self.assertEqual(status, 201, issue)
        return issue["iid"]

    def get_pull(self, number):
        return self.api("GET", f"{self.mrs}/{number}")[1]

    def checks_path(self, ref):
        return self.mrs + "/1"

    def test_checks_are_refused_without_the_token_and_logged(self):
        self.open_pull("scenesweep/ios27")
        open(self.log_path, "w").close()
        CommonTests.test_checks_are_refused_without_the_token_and_logged(self)

    def test_the_merge_request_has_the_head_pipeline_of_its_head_commit(self):
        self.open_pull("scenesweep/ios27")
        self.assertIsNone(self.get_pull(1)["head_pipeline"])
        self.check("branch:main", "success")  # another commit's checks are not its pipeline
        self.assertIsNone(self.get_pull(1)["head_pipeline"])
        head = self.check("branch:scenesweep/ios27", "success")
        pipeline = self.get_pull(1)["head_pipeline"]
        self.assertEqual((pipeline["status"], pipeline["sha"], pipeline["ref"]), ("success", head, "scenesweep/ios27"))
        self.check(head, "failure", name="test")
        self.assertEqual(self.get_pull(1)["head_pipeline"], dict(pipeline, status="failed"))
        self.check(head, "pending", name="test")
        self.assertEqual(self.get_pull(1)["head_pipeline"]["status"], "running")
        # Lists leave the head pipeline out, as GitLab does.
        self.assertNotIn("head_pipeline", self.api("GET", self.mrs)[1][0])
        # A push moves the head: no checks on the new commit yet.
        work = os.path.join(self.folder.name, "work")
        git("clone", "-q", "-b", "scenesweep/ios27", self.git_url(), work)
        git("commit", "-q", "--allow-empty", "-m", "more", cwd=work)
        git("push", "-q", "origin", "HEAD:refs/heads/scenesweep/ios27", cwd=work)
        self.assertIsNone(self.get_pull(1)["head_pipeline"])
        self.check("branch:scenesweep/ios27", "pending")
        moved = self.get_pull(1)["head_pipeline"]
        self.assertEqual((moved["status"], moved["sha"]), ("running", self.head("scenesweep/ios27")))
        self.assertNotEqual(moved["id"], pipeline["id"])

    def test_the_user_users_and_projects_by_path_or_id(self):
        self.assertEqual(self.api("GET", "/user")[1], {"id": 1, "username": "bot", "name": "bot", "state": "active"})
        self.assertEqual([user["id"] for user in self.api("GET", "/users?username=alice")[1]], [2])
        self.assertEqual(self.api("GET", "/users?username=mallory")[1], [])
        project = self.api("GET", "/projects/group%2Fsub%2Fapp")[1]
        self.assertEqual((project["path_with_namespace"], project["default_branch"]), ("group/sub/app", "main"))
        self.assertEqual(self.api("GET", f"/projects/{project['id']}")[1]["path_with_namespace"], "group/sub/app")
        self.assertEqual(self.api("GET", "/projects/acme/shop")[0], 404)  # the path must be encoded

    def test_a_merge_request_is_opened_listed_updated_and_closed(self):
        status, mr, _ = self.api("POST", self.mrs, {
            "source_branch": "scenesweep/ios27", "target_branch": "main", "title": "Draft: iOS 27", "description": "why",
            "labels": "scenesweep, ios27", "reviewer_ids": [2], "remove_source_branch": True})
        self.assertEqual(status, 201)
        self.assertEqual(mr["web_url"], f"{self.origin}/acme/shop/-/merge_requests/1")
        self.assertEqual((mr["iid"], mr["state"], mr["draft"], mr["labels"], mr["sha"]),
                         (1, "opened", True, ["scenesweep", "ios27"], self.head("scenesweep/ios27")))
        self.assertEqual((mr["author"]["username"], mr["reviewers"][0]["username"], mr["closed_by"]), ("bot", "alice", None))
        self.assertEqual(self.api("POST", self.mrs, {"source_branch": "other", "target_branch": "main", "title": "x",
                                                     "reviewer_ids": [99]})[0], 422)
        self.open_pull("other")
        listed = self.api("GET", self.mrs + "?state=opened&source_branch=scenesweep/ios27")[1]
        self.assertEqual([item["iid"] for item in listed], [1])
        status, updated, _ = self.api("PUT", self.mrs + "/1", {"title": "iOS 27", "labels": "ios27"})
        self.assertEqual((status, updated["draft"], updated["labels"]), (200, False, ["ios27"]))
        self.assertEqual(self.api("PUT", self.mrs + "/1", {})[0], 400)
        status, closed, _ = self.api("PUT", self.mrs + "/2", {"state_event": "close"})
        self.assertEqual((status, closed["state"], closed["closed_by"]["username"]), (200, "closed", "bot"))
        self.assertEqual([item["iid"] for item in self.api("GET", self.mrs + "?state=closed")[1]], [2])
        status, note, _ = self.api("POST", self.mrs + "/1/notes", {"body": "rebased"})
        self.assertEqual((status, note["noteable_type"]), (201, "MergeRequest"))

    def test_a_second_open_merge_request_for_the_same_source_branch_is_a_conflict(self):
        self.open_pull("scenesweep/ios27")
        status, answer, _ = self.api("POST", self.mrs, {"source_branch": "scenesweep/ios27", "target_branch": "main",
                                                        "title": "again"})
        self.assertEqual((status, answer),
                         (409, {"message": ["Another open merge request already exists for this source branch: !1"]}))
        self.assertEqual(self.api("POST", self.mrs, {"source_branch": "gone", "target_branch": "main", "title": "x"})[0], 422)
        self.assertEqual(self.api("POST", self.mrs, {"source_branch": "other", "target_branch": "main", "title": "x",
                                                     "labels": ["a"]})[1]["message"], "labels must be a string")

    def test_issues_and_merge_requests_count_separately(self):
        self.assertEqual(self.open_pull("scenesweep/ios27"), 1)
        status, issue, _ = self.api("POST", self.issues_path, {"title": "Blocked", "description": "d", "labels": "scenesweep"})
        self.assertEqual((status, issue["iid"], issue["web_url"]), (201, 1, f"{self.origin}/acme/shop/-/issues/1"))
        self.assertEqual((issue["state"], issue["labels"], issue["closed_by"]), ("opened", ["scenesweep"], None))
        listed = self.api("GET", self.issues_path + "?state=opened&author_username=bot&labels=scenesweep")[1]
        self.assertEqual([item["iid"] for item in listed], [1])
        status, closed, _ = self.api("PUT", self.issues_path + "/1", {"state_event": "close"})
        self.assertEqual((status, closed["state"]), (200, "closed"))
        status, reopened, _ = self.api("PUT", self.issues_path + "/1", {"state_event": "reopen", "description": "again"})
        self.assertEqual((reopened["state"], reopened["closed_by"], reopened["description"]), ("opened", None, "again"))
        self.assertEqual(self.api("POST", self.issues_path + "/1/notes", {"body": "n"})[0], 201)
        # Both are number 1: the control endpoint has to be told which.
        self.assertEqual(self.control("close", {"repo": self.repo, "number": 1, "by": "alice"})[0], 422)

    def test_merging_deletes_the_source_branch_when_asked(self):
        self.open_pull("scenesweep/ios27", remove_source_branch=True)
        head = self.head("scenesweep/ios27")
        self.control("merge", {"repo": self.repo, "number": 1, "by": "alice"})
        self.assertEqual(self.head("main"), head)
        branches = git("--git-dir", os.path.join(self.root, "acme/shop.git"), "branch", "--list", "scenesweep/ios27").stdout
        self.assertEqual(branches, "")
        self.assertEqual(self.api("PUT", self.mrs + "/1", {"state_event": "reopen"})[1]["state"], "merged")

    def test_a_nested_group_project_is_served_over_git(self):
        result = git("ls-remote", self.git_url(path="group/sub/app"), "refs/heads/main")
        self.assertEqual(result.stdout.split()[0], self.head("main", path="group/sub/app"))


class GiteaTests(CommonTests, ForgeTestCase):
    kind = "gitea"
    base = "/api/v1"
    auth_header, auth_prefix = "Authorization", "token "
    issues_path = "/repos/acme/shop/issues"
    body_field = "body"
    page_size = "limit"
    login_field = "login"
    merged_state = "closed"

    def open_pull(self, head, **fields):
        status, pull, _ = self.api("POST", "/repos/acme/shop/pulls", dict({"title": "iOS 27", "head": head, "base": "main"},
                                                                          **fields))
        self.assertEqual(status, 201, pull)
        return pull["number"]

    def open_issue(self, title):
        status, issue, _ = self.api("POST", self.issues_path, {"title": title, "body": "b"})
        self.assertEqual(status, 201, issue)
        return issue["number"]

    def get_pull(self, number):
        return self.api("GET", f"/repos/acme/shop/pulls/{number}")[1]

    def checks_path(self, ref):
        return f"/repos/acme/shop/commits/{ref}/status"

    def combined(self, ref):
        status, answer, _ = self.api("GET", self.checks_path(ref))
        self.assertEqual(status, 200, answer)
        return answer

    def test_no_statuses_is_gitea_s_empty_combined_status(self):
        combined = self.combined(self.head("main"))
        self.assertEqual((combined["state"], combined["total_count"], combined["statuses"], combined["sha"]), ("", 0, None, ""))
        self.assertEqual(self.api("GET", self.checks_path("gone"))[0], 404)

    def test_the_combined_status_fails_with_any_failure_else_waits_for_any_pending(self):
        head = self.check("branch:scenesweep/ios27", "success")
        self.assertEqual(self.combined(head)["state"], "success")
        self.check(head, "failure", name="test")
        combined = self.combined("scenesweep/ios27")
        self.assertEqual((combined["state"], combined["total_count"], combined["sha"]), ("failure", 2, head))
        self.assertEqual([(status["context"], status["status"]) for status in combined["statuses"]],
                         [("build", "success"), ("test", "failure")])
        self.check(head, "pending", name="test")
        self.assertEqual(self.combined(head)["state"], "pending")
        self.check(head, "success", name="test")
        self.assertEqual(self.combined("scenesweep%2Fios27")["state"], "success")

    def test_the_user_repository_and_labels(self):
        self.assertEqual(self.api("GET", "/user")[1]["login"], "bot")
        self.assertEqual(self.api("GET", "/repos/acme/shop")[1]["default_branch"], "main")
        self.assertEqual(self.api("GET", "/repos/acme/shop/labels")[1],
                         [{"id": 1, "name": "scenesweep", "color": "ededed"}, {"id": 2, "name": "ios27", "color": "ededed"}])

    def test_a_pull_request_is_opened_listed_updated_and_closed(self):
        status, pull, _ = self.api("POST", "/repos/acme/shop/pulls", {
            "title": "iOS 27", "head": "scenesweep/ios27", "base": "main", "body": "why", "labels": [1, 2]})
        self.assertEqual(status, 201)
        self.assertEqual(pull["html_url"], f"{self.origin}/acme/shop/pulls/1")
        self.assertEqual(([label["name"] for label in pull["labels"]], pull["merged"], pull["head"]["sha"]),
                         (["scenesweep", "ios27"], False, self.head("scenesweep/ios27")))
        self.assertEqual(self.api("POST", "/repos/acme/shop/pulls", {"title": "x", "head": "other", "base": "main",
                                                                     "labels": [9]})[0], 422)
        self.open_pull("other")
        # No head filter on Gitea: every open pull request comes back.
        self.assertEqual(len(self.api("GET", "/repos/acme/shop/pulls?state=open&head=scenesweep/ios27")[1]), 2)
        status, edited, _ = self.api("PATCH", "/repos/acme/shop/pulls/1", {"body": "more", "labels": [2]})
        self.assertEqual((status, edited["body"], [label["id"] for label in edited["labels"]]), (201, "more", [2]))
        status, reviews, _ = self.api("POST", "/repos/acme/shop/pulls/1/requested_reviewers", {"reviewers": ["alice"]})
        self.assertEqual((status, reviews[0]["user"]["login"]), (201, "alice"))
        status, closed, _ = self.api("PATCH", "/repos/acme/shop/pulls/2", {"state": "closed"})
        self.assertEqual((status, closed["state"]), (201, "closed"))
        self.assertEqual([item["number"] for item in self.api("GET", "/repos/acme/shop/pulls?state=closed")[1]], [2])
        self.assertEqual(self.api("POST", "/repos/acme/shop/pulls", {"title": "x", "head": "gone", "base": "main"})[0], 404)

    def test_a_second_open_pull_request_for_the_same_targets_is_a_conflict(self):
        self.open_pull("scenesweep/ios27")
        again = {"title": "again", "head": "scenesweep/ios27", "base": "main"}
        status, answer, _ = self.api("POST", "/repos/acme/shop/pulls", again)
        self.assertEqual((status, answer), (409, {"message": "pull request already exists for these targets"}))

    def test_an_issue_is_opened_listed_commented_and_closed(self):
        status, issue, _ = self.api("POST", self.issues_path, {"title": "Blocked", "body": "b", "labels": [1]})
        self.assertEqual((status, issue["html_url"]), (201, f"{self.origin}/acme/shop/issues/1"))
        self.assertNotIn("closed_by", issue)
        self.assertEqual(self.open_pull("scenesweep/ios27"), 2)
        listed = self.api("GET", self.issues_path + "?state=open&type=issues&created_by=bot")[1]
        self.assertEqual([item["number"] for item in listed], [1])
        self.assertEqual(len(self.api("GET", self.issues_path + "?state=open")[1]), 2)
        self.assertEqual(self.api("POST", self.issues_path + "/1/comments", {"body": "c"})[0], 201)
        status, closed, _ = self.api("PATCH", self.issues_path + "/1", {"state": "closed"})
        self.assertEqual((status, closed["state"]), (201, "closed"))


class ShapeTests(unittest.TestCase):
    def test_every_problem_is_said_at_once(self):
        problem = fake_forge.shape_problem({"title": "", "draft": 1, "extra": None},
                                           {"title": fake_forge.STR, "draft": fake_forge.BOOL, "head": fake_forge.STR},
                                           required=("title", "head"))
        self.assertEqual(problem, "unknown field extra; title is empty; draft must be a boolean; head is missing")

    def test_null_is_absent_for_optional_fields_and_booleans_are_not_integers(self):
        fields = {"body": fake_forge.STR, "ids": fake_forge.INTS}
        self.assertEqual(fake_forge.shape_problem({"body": None, "ids": [1, 2]}, fields), "")
        self.assertEqual(fake_forge.shape_problem({"ids": [True]}, fields), "ids must be a list of integers")
        self.assertEqual(fake_forge.shape_problem([], fields), "the body is not a JSON object")


if __name__ == "__main__":
    unittest.main()
