#!/usr/bin/env python3
"""A fake forge on loopback for campaign tests: GitHub, GitLab or Gitea/Forgejo, one kind per process.

    fake_forge.py --kind github|gitlab|gitea --root DIR --token TOKEN --user LOGIN --log FILE
                  [--port 0] [--labels a,b] [--users a,b]

prints its port as the first line and serves, on 127.0.0.1:

- git over smart HTTP at /<path>.git/... (`git http-backend`, fetch and push) for the bare repositories
  DIR/<path>.git, behind HTTP Basic auth whose password is TOKEN;
- the kind's REST API (/api/v3, /api/v4 or /api/v1) for the pull requests (merge requests) and issues a
  campaign opens, lists, updates and closes, with the token in the kind's header. Every request's shape
  is checked as the real API would (required fields, types) and more strictly (unknown fields are
  refused, so a client's typo is caught); lists are paginated with a Link header;
- /_control/... for tests (no auth, not logged): a person closes or merges, failures are injected (into API
  and, once the credentials are right, git requests alike), a
  push is refused by a pre-receive hook, CI reports a check on a commit, and the whole state is read back.

CI checks on commits are reported as each kind's API reports them: GitHub's check runs (Actions; its
combined status stays empty), Gitea's combined commit status, GitLab's merge request `head_pipeline`.

Every API and git request is logged to FILE, one JSON object a line, with its body as the client sent
it. No header value, and so never the token, is written anywhere."""
import argparse
import base64
import datetime
import json
import math
import os
import re
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from git_http_server import parse_cgi, read_body

STR, BOOL, INT, STRS, INTS = "a string", "a boolean", "an integer", "a list of strings", "a list of integers"


class Refusal(Exception):
    """An answer other than success: the status, the JSON payload, and why (for the log)."""

    def __init__(self, status, problem, payload=None, headers=()):
        super().__init__(problem)
        self.status = status
        self.problem = problem
        self.payload = payload if payload is not None else {"message": problem}
        self.headers = list(headers)


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def is_type(value, kind):
    if kind == STR:
        return isinstance(value, str)
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == STRS:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind == INTS:
        return isinstance(value, list) and all(is_type(item, INT) for item in value)
    raise ValueError(kind)


def shape_problem(body, fields, required=()):
    """Why a JSON body does not fit `fields` (name: type; null is taken as absent for optional fields),
    or "". Every problem is said at once."""
    if not isinstance(body, dict):
        return "the body is not a JSON object"
    problems = [f"unknown field {name}" for name in body if name not in fields]
    for name, kind in fields.items():
        if name not in body or (body[name] is None and name not in required):
            if name in required:
                problems.append(f"{name} is missing")
        elif not is_type(body[name], kind):
            problems.append(f"{name} must be {kind}")
        elif name in required and kind == STR and not body[name].strip():
            problems.append(f"{name} is empty")
    return "; ".join(problems)


def comma_list(text):
    return [part.strip() for part in (text or "").split(",") if part.strip()]


CHECK_STATES = ("success", "failure", "pending")


def combined_state(states):
    """Several checks as one: any failure fails, else any pending is pending, else success; None for no checks."""
    states = list(states)
    if not states:
        return None
    if "failure" in states:
        return "failure"
    return "pending" if "pending" in states else "success"


class Repository:
    """One bare repository and the issues and pull requests opened on it."""

    def __init__(self, path, git_dir, project_id):
        self.path = path
        self.git_dir = git_dir
        self.id = project_id
        self.issues = {}
        self.pulls = {}
        self.next_number = 1
        self.next_issue = 1
        self.next_pull = 1
        self.checks = {}  # sha: {name: check}, in the order first reported
        self.pipelines = {}  # sha: GitLab pipeline id

    def git(self, *args, check=True):
        result = subprocess.run(["git", "--git-dir", self.git_dir, *args], capture_output=True, text=True,
                                env=git_environment())
        if check and result.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)}: {result.stderr.strip()}")
        return result

    def branches(self):
        out = self.git("for-each-ref", "--format=%(refname:lstrip=2) %(objectname)", "refs/heads").stdout
        return dict(line.split(" ", 1) for line in out.splitlines() if line)

    def default_branch(self):
        result = self.git("symbolic-ref", "--short", "HEAD", check=False)
        return result.stdout.strip() or "main"

    def commit_of(self, ref):
        """The full sha a ref names (a commit's full sha, a branch, a tag), or None."""
        if re.fullmatch(r"[0-9a-f]{40}", ref):
            found = self.git("cat-file", "-e", ref + "^{commit}", check=False).returncode == 0
            return ref if found else None
        for full in ("refs/heads/" + ref, "refs/tags/" + ref):
            result = self.git("rev-parse", "--verify", "-q", full + "^{commit}", check=False)
            if result.returncode == 0:
                return result.stdout.strip()
        return None

    def is_ancestor(self, commit, of):
        return self.git("merge-base", "--is-ancestor", commit, of, check=False).returncode == 0

    def refresh_heads(self):
        """An open pull request's head follows its branch, as on a forge when someone pushes."""
        branches = self.branches()
        for item in self.pulls.values():
            if item["state"] == "open" and item["head"] in branches:
                item["sha"] = branches[item["head"]]


def git_environment(extra=None):
    """git without the user's or system's configuration, and without a repository of the caller's."""
    env = {key: value for key, value in os.environ.items() if key not in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE")}
    env.update(GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    env.update(extra or {})
    return env


class Store:
    """Every repository under the root with its issues and pull requests, and the injected failures.
    One lock guards all of it: requests arrive on many threads."""

    def __init__(self, root, shared_numbers):
        self.root = root
        self.shared_numbers = shared_numbers
        self.lock = threading.RLock()
        self.repos = {}
        self.next_project = 1
        self.next_id = 1
        self.label_ids = {}
        self.failures = []
        self.next_check = 1
        self.next_pipeline = 1

    def paths(self):
        found = []
        for folder, subfolders, _ in os.walk(self.root):
            for name in sorted(subfolders):
                if name.endswith(".git"):
                    found.append(os.path.relpath(os.path.join(folder, name), self.root)[:-4])
            subfolders[:] = sorted(name for name in subfolders if not name.endswith(".git"))
        return sorted(found)

    def scan(self):
        """Registers repositories that appeared since the last look; project ids follow path order."""
        for path in self.paths():
            if path not in self.repos:
                self.repos[path] = Repository(path, os.path.join(self.root, path + ".git"), self.next_project)
                self.next_project += 1

    def repository(self, path):
        if not path or path.startswith("/") or any(part in ("", ".", "..") for part in path.split("/")):
            return None
        if path not in self.repos and os.path.isdir(os.path.join(self.root, path + ".git")):
            self.scan()
        return self.repos.get(path)

    def project(self, project_id):
        self.scan()
        return next((repo for repo in self.repos.values() if repo.id == project_id), None)

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def label_id(self, name):
        return self.label_ids.setdefault(name, len(self.label_ids) + 1)

    def new_item(self, repo, kind, **fields):
        """A new issue ("issue") or pull request ("pull") with the next number: one counter per repository
        when numbers are shared (GitHub, Gitea), else one per kind (GitLab's iids)."""
        if self.shared_numbers:
            number, repo.next_number = repo.next_number, repo.next_number + 1
        elif kind == "pull":
            number, repo.next_pull = repo.next_pull, repo.next_pull + 1
        else:
            number, repo.next_issue = repo.next_issue, repo.next_issue + 1
        stamp = now()
        item = {"type": kind, "repo": repo.path, "number": number, "id": self.new_id(), "title": "", "body": "", "state": "open",
                "state_reason": None, "labels": [], "assignees": [], "reviewers": [], "team_reviewers": [],
                "author": "", "closed_by": None, "closed_at": None, "created_at": stamp, "updated_at": stamp,
                "comments": []}
        if kind == "pull":
            item.update(head="", base="", sha="", draft=False, merged=False, merged_at=None, merged_by=None,
                        remove_source_branch=False)
        item.update(fields)
        (repo.pulls if kind == "pull" else repo.issues)[number] = item
        return item

    def set_check(self, repo, sha, name, state):
        """CI reports check `name` on commit `sha`: a new one, or the same name's earlier result replaced."""
        checks = repo.checks.setdefault(sha, {})
        if sha not in repo.pipelines:
            repo.pipelines[sha], self.next_pipeline = self.next_pipeline, self.next_pipeline + 1
        stamp = now()
        if name in checks:
            checks[name].update(state=state, updated_at=stamp)
        else:
            checks[name] = {"id": self.next_check, "name": name, "state": state, "created_at": stamp, "updated_at": stamp}
            self.next_check += 1
        return checks[name]

    def take_failure(self, path):
        """The injected failure the next request to `path` gets, if any (and one fewer left)."""
        for failure in self.failures:
            if path.startswith(failure["path_prefix"]):
                failure["count"] -= 1
                if failure["count"] <= 0:
                    self.failures.remove(failure)
                return failure
        return None

    def state(self):
        self.scan()
        return {"repos": {path: {"id": repo.id, "default_branch": repo.default_branch(),
                                 "issues": [repo.issues[n] for n in sorted(repo.issues)],
                                 "pulls": [repo.pulls[n] for n in sorted(repo.pulls)],
                                 "checks": {sha: list(checks.values()) for sha, checks in repo.checks.items()}}
                          for path, repo in sorted(self.repos.items())}}


class Request:
    def __init__(self, method, path, query, body):
        self.method = method
        self.path = path  # the full path, as the client asked
        self.query = query
        self.body = body


class Forge:
    """What every kind shares: auth, routing, pagination, and what a person does (close, merge). A kind
    says its base path, its auth header, its routes and how its objects look."""

    base = ""
    page_size_parameter = "per_page"
    largest_page = 100

    def __init__(self, store, token, user, users, labels):
        self.store = store
        self.token = token
        self.user = user
        self.users = [user] + [name for name in users if name != user]
        self.labels = labels
        self.origin = ""

    def credential(self, headers):
        raise NotImplementedError

    def authorize(self, headers):
        given = self.credential(headers)
        if given is None:
            return "missing"
        return "ok" if given == self.token else "wrong"

    def routes(self):
        """(method, path pattern after the base, function taking the request and the pattern's groups)."""
        raise NotImplementedError

    def dispatch(self, request):
        if not request.path.startswith(self.base + "/"):
            raise Refusal(404, "no such endpoint", {"message": "Not Found"})
        sub_path = request.path[len(self.base):]
        for method, pattern, function in self.routes():
            match = re.fullmatch(pattern, sub_path)
            if match and method == request.method:
                return function(request, *(urllib.parse.unquote(group) for group in match.groups()))
        raise Refusal(404, "no such endpoint", {"message": "Not Found"})

    def require(self, body, fields, required=()):
        problem = shape_problem(body, fields, required)
        if problem:
            raise Refusal(422, problem)
        return body

    def repo(self, path):
        repo = self.store.repository(path)
        if repo is None:
            raise Refusal(404, f"no repository {path}", {"message": "Not Found"})
        repo.refresh_heads()
        return repo

    def item(self, repo, kind, number):
        table = repo.pulls if kind == "pull" else repo.issues
        if int(number) not in table:
            raise Refusal(404, f"no {kind} {number} in {repo.path}", {"message": "Not Found"})
        return table[int(number)]

    def any_item(self, repo, number):
        """An issue or a pull request by its number, where the two share numbers."""
        number = int(number)
        found = repo.issues.get(number) or repo.pulls.get(number)
        if found is None:
            raise Refusal(404, f"no issue or pull request {number} in {repo.path}", {"message": "Not Found"})
        return found

    def get_pull(self, request, path, number):
        return 200, self.pull_json(self.item(self.repo(path), "pull", number))

    def commit(self, repo, ref):
        """The sha `ref` (a full sha, a branch or a tag) names in `repo`; an unknown one is refused."""
        sha = repo.commit_of(ref)
        if sha is None:
            raise self.unknown_commit(ref)
        return sha

    def unknown_commit(self, ref):
        return Refusal(404, f"no commit {ref}", {"message": "Not Found"})

    def known_user(self, name):
        return name in self.users

    def page(self, request, items):
        """One page of `items` and the headers that say where the others are (Link, as all three kinds send)."""
        def number(name, default):
            try:
                return max(1, int(request.query.get(name, default)))
            except ValueError:
                return default
        size = min(number(self.page_size_parameter, 30), self.largest_page)
        page = number("page", 1)
        last = max(1, math.ceil(len(items) / size))

        def url(to):
            query = dict(request.query, page=str(to))
            return f"<{self.origin}{request.path}?{urllib.parse.urlencode(query)}>"
        links = []
        if page < last:
            links += [f'{url(page + 1)}; rel="next"', f'{url(last)}; rel="last"']
        if page > 1:
            links += [f'{url(1)}; rel="first"', f'{url(min(page - 1, last))}; rel="prev"']
        headers = [("Link", ", ".join(links))] if links else []
        return items[(page - 1) * size:page * size], headers + self.page_headers(len(items), size, page, last)

    def page_headers(self, total, size, page, last):
        return []

    def check_state_filter(self, request, allowed, default):
        state = request.query.get("state", default)
        if state not in allowed:
            raise Refusal(422, f"state must be one of {', '.join(allowed)}")
        return state

    def newest_first(self, items):
        return sorted(items, key=lambda item: item["id"], reverse=True)

    def set_state(self, repo, item, closing, by):
        """The API's close or reopen, by the token's user."""
        if closing and item["state"] == "open":
            item.update(state="closed", closed_by=by, closed_at=now())
        elif not closing and item["state"] == "closed":
            if item.get("merged"):
                raise self.reopen_merged_refusal()
            if item["type"] == "pull":
                self.refuse_duplicate(repo, item["head"], item["base"], item["number"])
            item.update(state="open", closed_by=None, closed_at=None, state_reason=None)
        item["updated_at"] = now()

    def reopen_merged_refusal(self):
        return Refusal(422, "a merged pull request cannot be reopened")

    def refuse_duplicate(self, repo, head, base, number=None):
        raise NotImplementedError

    def add_comment(self, item, body):
        comment = {"id": self.store.new_id(), "body": body, "author": self.user, "created_at": now()}
        item["comments"].append(comment)
        item["updated_at"] = comment["created_at"]
        return comment

    def control_item(self, repo, number, kind):
        """The item a control request means: GitLab's issues and merge requests have separate numbers, so
        there `type` ("issue" or "pull") says which when both exist."""
        number = int(number)
        if kind in ("issue", "pull"):
            return self.item(repo, kind, number)
        if number in repo.issues and number in repo.pulls:
            raise Refusal(422, f"both an issue and a merge request are number {number}: say type")
        return self.any_item(repo, number)

    def close_by_person(self, repo, item, by):
        if item["state"] != "open":
            raise Refusal(409, f"{item['type']} {item['number']} is not open")
        item.update(state="closed", closed_by=by, closed_at=now(), updated_at=now())

    def merge_by_person(self, repo, item, by):
        """Marks the pull request merged and sets its base branch to the head commit, as a fast-forward merge."""
        if item["type"] != "pull":
            raise Refusal(422, f"{item['number']} is an issue, not a pull request")
        if item["state"] != "open":
            raise Refusal(409, f"pull request {item['number']} is not open")
        sha = repo.branches().get(item["head"], item["sha"])
        repo.git("update-ref", "refs/heads/" + item["base"], sha)
        stamp = now()
        item.update(sha=sha, state="closed", merged=True, merged_at=stamp, merged_by=by, closed_by=by,
                    closed_at=stamp, updated_at=stamp)
        if item.get("remove_source_branch"):
            repo.git("update-ref", "-d", "refs/heads/" + item["head"], check=False)


class GitHub(Forge):
    base = "/api/v3"

    def credential(self, headers):
        value = headers.get("Authorization")
        if value is None:
            return None
        return value[len("Bearer "):] if value.startswith("Bearer ") else ""

    def routes(self):
        repo = r"/repos/([^/]+/[^/]+)"
        return [
            ("GET", r"/user", lambda request: (200, self.user_json(self.user))),
            ("GET", repo, self.get_repo),
            ("GET", repo + r"/pulls", self.list_pulls),
            ("POST", repo + r"/pulls", self.create_pull),
            ("GET", repo + r"/pulls/(\d+)", self.get_pull),
            ("PATCH", repo + r"/pulls/(\d+)", self.update_pull),
            ("POST", repo + r"/pulls/(\d+)/requested_reviewers", self.request_reviewers),
            ("GET", repo + r"/issues", self.list_issues),
            ("POST", repo + r"/issues", self.create_issue),
            ("GET", repo + r"/issues/(\d+)", lambda request, path, n: (200, self.issue_json(self.any_item(self.repo(path), n)))),
            ("PATCH", repo + r"/issues/(\d+)", self.update_issue),
            ("POST", repo + r"/issues/(\d+)/labels", self.add_labels),
            ("GET", repo + r"/issues/(\d+)/comments", self.list_comments),
            ("POST", repo + r"/issues/(\d+)/comments", self.create_comment),
            ("GET", repo + r"/commits/(.+)/check-runs", self.list_check_runs),
            ("GET", repo + r"/commits/(.+)/status", self.combined_status),
        ]

    def user_json(self, login):
        return {"login": login, "id": self.users.index(login) + 1 if login in self.users else 0, "type": "User"}

    def unknown_commit(self, ref):
        return Refusal(422, f"no commit {ref}", {"message": f"No commit found for SHA: {ref}"})

    def list_check_runs(self, request, path, ref):
        """The commit's check runs, as GitHub Actions reports them: a pending check is still in progress."""
        repo = self.repo(path)
        sha = self.commit(repo, ref)
        checks = list(repo.checks.get(sha, {}).values())
        if "check_name" in request.query:
            checks = [check for check in checks if check["name"] == request.query["check_name"]]
        runs, headers = self.page(request, checks)
        return 200, {"total_count": len(checks), "check_runs": [
            {"id": check["id"], "name": check["name"], "head_sha": sha,
             "status": "in_progress" if check["state"] == "pending" else "completed",
             "conclusion": None if check["state"] == "pending" else check["state"],
             "started_at": check["created_at"],
             "completed_at": None if check["state"] == "pending" else check["updated_at"],
             "html_url": f"{self.origin}/{path}/runs/{check['id']}"} for check in runs]}, headers

    def combined_status(self, request, path, ref):
        """GitHub's combined status holds commit statuses only, never Actions' check runs: for a repository
        whose CI is Actions it is always pending with nothing in it, whatever the checks say."""
        repo = self.repo(path)
        sha = self.commit(repo, ref)
        return 200, {"state": "pending", "sha": sha, "total_count": 0, "statuses": [],
                     "commit_url": f"{self.origin}{self.base}/repos/{path}/commits/{sha}"}

    def label_json(self, name):
        return {"id": self.store.label_id(name), "name": name, "color": "ededed", "default": False}

    def get_repo(self, request, path):
        repo = self.repo(path)
        return 200, {"id": repo.id, "name": path.split("/")[1], "full_name": path, "default_branch": repo.default_branch(),
                     "private": False, "html_url": f"{self.origin}/{path}", "clone_url": f"{self.origin}/{path}.git"}

    def pull_json(self, item):
        return {"id": item["id"], "number": item["number"], "html_url": f"{self.origin}/{item['repo']}/pull/{item['number']}",
                "state": item["state"], "merged": item["merged"], "merged_at": item["merged_at"], "draft": item["draft"],
                "title": item["title"], "body": item["body"],
                "head": {"ref": item["head"], "sha": item["sha"], "label": f"{item['repo'].split('/')[0]}:{item['head']}"},
                "base": {"ref": item["base"]}, "user": {"login": item["author"]},
                "labels": [self.label_json(name) for name in item["labels"]],
                "requested_reviewers": [{"login": name} for name in item["reviewers"]],
                "requested_teams": [{"slug": name} for name in item["team_reviewers"]],
                "closed_at": item["closed_at"], "created_at": item["created_at"], "updated_at": item["updated_at"]}

    def issue_json(self, item):
        page = "pull" if item["type"] == "pull" else "issues"
        answer = {"id": item["id"], "number": item["number"],
                  "html_url": f"{self.origin}/{item['repo']}/{page}/{item['number']}", "state": item["state"],
                  "state_reason": item["state_reason"], "title": item["title"], "body": item["body"],
                  "labels": [self.label_json(name) for name in item["labels"]], "user": {"login": item["author"]},
                  "assignees": [{"login": name} for name in item["assignees"]],
                  "closed_by": {"login": item["closed_by"]} if item["closed_by"] else None,
                  "closed_at": item["closed_at"], "comments": len(item["comments"]),
                  "created_at": item["created_at"], "updated_at": item["updated_at"]}
        if item["type"] == "pull":
            answer["pull_request"] = {"merged_at": item["merged_at"],
                                      "html_url": f"{self.origin}/{item['repo']}/pull/{item['number']}"}
        return answer

    def list_pulls(self, request, path):
        repo = self.repo(path)
        state = self.check_state_filter(request, ("open", "closed", "all"), "open")
        items = [item for item in repo.pulls.values() if state == "all" or item["state"] == state]
        # GitHub filters by head only in its `owner:branch` form; a bare branch name is ignored (all come back).
        owner, colon, branch = request.query.get("head", "").partition(":")
        if colon:
            items = [item for item in items if owner == path.split("/")[0] and item["head"] == branch]
        if "base" in request.query:
            items = [item for item in items if item["base"] == request.query["base"]]
        items, headers = self.page(request, self.newest_first(items))
        return 200, [self.pull_json(item) for item in items], headers

    def refuse_duplicate(self, repo, head, base, number=None):
        for other in repo.pulls.values():
            if other["state"] == "open" and other["head"] == head and other["number"] != number:
                message = f"A pull request already exists for {repo.path.split('/')[0]}:{head}."
                raise Refusal(422, "duplicate: " + message, {"message": "Validation Failed", "errors": [
                    {"resource": "PullRequest", "code": "custom", "message": message}]})

    def validation_failed(self, problem, field):
        return Refusal(422, problem, {"message": "Validation Failed", "errors": [
            {"resource": "PullRequest", "field": field, "code": "invalid", "message": problem}]})

    def create_pull(self, request, path):
        repo = self.repo(path)
        body = self.require(request.body, {"title": STR, "head": STR, "base": STR, "body": STR, "draft": BOOL,
                                           "maintainer_can_modify": BOOL}, required=("title", "head", "base"))
        owner, colon, head = body["head"].rpartition(":")
        if colon and owner != path.split("/")[0]:
            raise self.validation_failed(f"head {body['head']} is not a branch of {path}", "head")
        branches = repo.branches()
        if head not in branches:
            raise self.validation_failed(f"head branch {head} does not exist", "head")
        if body["base"] not in branches:
            raise self.validation_failed(f"base {body['base']} is not a branch", "base")
        if repo.is_ancestor(branches[head], branches[body["base"]]):
            message = f"No commits between {body['base']} and {head}"
            raise Refusal(422, message, {"message": "Validation Failed", "errors": [
                {"resource": "PullRequest", "code": "custom", "message": message}]})
        self.refuse_duplicate(repo, head, body["base"])
        item = self.store.new_item(repo, "pull", title=body["title"], body=body.get("body") or "",
                                   head=head, base=body["base"], sha=branches[head], draft=bool(body.get("draft")),
                                   author=self.user)
        answer = self.pull_json(item)
        return 201, answer, [("Location", answer["html_url"])]

    def update_pull(self, request, path, number):
        repo = self.repo(path)
        item = self.item(repo, "pull", number)
        body = self.require(request.body, {"title": STR, "body": STR, "state": STR, "base": STR,
                                           "maintainer_can_modify": BOOL})
        if body.get("state") not in (None, "open", "closed"):
            raise self.validation_failed("state must be open or closed", "state")
        if body.get("base") is not None and body["base"] not in repo.branches():
            raise self.validation_failed(f"base {body['base']} is not a branch", "base")
        self.apply_common(repo, item, body)
        if body.get("base") is not None:
            item["base"] = body["base"]
        return 200, self.pull_json(item)

    def apply_common(self, repo, item, body):
        for field in ("title", "body"):
            if body.get(field) is not None:
                item[field] = body[field]
        if body.get("state") is not None:
            self.set_state(repo, item, body["state"] == "closed", self.user)
        item["updated_at"] = now()

    def request_reviewers(self, request, path, number):
        repo = self.repo(path)
        item = self.item(repo, "pull", number)
        body = self.require(request.body, {"reviewers": STRS, "team_reviewers": STRS})
        reviewers = body.get("reviewers") or []
        if item["author"] in reviewers:
            raise Refusal(422, "Review cannot be requested from pull request author.")
        if not all(self.known_user(name) for name in reviewers):
            raise Refusal(422, "Reviews may only be requested from collaborators. One or more of the users or teams you "
                               f"specified is not a collaborator of the {path} repository.")
        item["reviewers"] += [name for name in reviewers if name not in item["reviewers"]]
        item["team_reviewers"] += [name for name in body.get("team_reviewers") or [] if name not in item["team_reviewers"]]
        return 201, self.pull_json(item)

    def check_assignees(self, names):
        unknown = [name for name in names if not self.known_user(name)]
        if unknown:
            raise Refusal(422, f"assignees {', '.join(unknown)} cannot be assigned", {"message": "Validation Failed", "errors": [
                {"value": name, "resource": "Issue", "field": "assignees", "code": "invalid"} for name in unknown]})

    def list_issues(self, request, path):
        repo = self.repo(path)
        state = self.check_state_filter(request, ("open", "closed", "all"), "open")
        items = [item for item in list(repo.issues.values()) + list(repo.pulls.values())
                 if state == "all" or item["state"] == state]
        if "creator" in request.query:
            items = [item for item in items if item["author"] == request.query["creator"]]
        wanted = comma_list(request.query.get("labels"))
        items = [item for item in items if all(name in item["labels"] for name in wanted)]
        items, headers = self.page(request, self.newest_first(items))
        return 200, [self.issue_json(item) for item in items], headers

    def create_issue(self, request, path):
        repo = self.repo(path)
        body = self.require(request.body, {"title": STR, "body": STR, "labels": STRS, "assignees": STRS},
                            required=("title",))
        self.check_assignees(body.get("assignees") or [])
        item = self.store.new_item(repo, "issue", title=body["title"], body=body.get("body") or "",
                                   labels=list(dict.fromkeys(body.get("labels") or [])),
                                   assignees=body.get("assignees") or [], author=self.user)
        answer = self.issue_json(item)
        return 201, answer, [("Location", answer["html_url"])]

    def update_issue(self, request, path, number):
        repo = self.repo(path)
        item = self.any_item(repo, number)
        body = self.require(request.body, {"title": STR, "body": STR, "state": STR, "state_reason": STR,
                                           "labels": STRS, "assignees": STRS})
        if body.get("state") not in (None, "open", "closed"):
            raise Refusal(422, "state must be open or closed")
        if body.get("state_reason") not in (None, "completed", "not_planned", "reopened"):
            raise Refusal(422, "state_reason must be completed, not_planned or reopened")
        self.check_assignees(body.get("assignees") or [])
        self.apply_common(repo, item, body)
        if body.get("state") == "closed":
            item["state_reason"] = body.get("state_reason") or "completed"
        for field in ("labels", "assignees"):
            if body.get(field) is not None:
                item[field] = list(dict.fromkeys(body[field]))
        return 200, self.issue_json(item)

    def add_labels(self, request, path, number):
        repo = self.repo(path)
        item = self.any_item(repo, number)
        # GitHub takes {"labels": [...]} or the bare list.
        body = request.body
        labels = body if is_type(body, STRS) else self.require(body, {"labels": STRS}, required=("labels",))["labels"]
        item["labels"] += [name for name in labels if name not in item["labels"]]
        item["updated_at"] = now()
        return 200, [self.label_json(name) for name in item["labels"]]

    def comment_json(self, item, comment):
        return {"id": comment["id"], "body": comment["body"], "user": {"login": comment["author"]},
                "html_url": f"{self.issue_json(item)['html_url']}#issuecomment-{comment['id']}",
                "created_at": comment["created_at"]}

    def list_comments(self, request, path, number):
        item = self.any_item(self.repo(path), number)
        comments, headers = self.page(request, item["comments"])
        return 200, [self.comment_json(item, comment) for comment in comments], headers

    def create_comment(self, request, path, number):
        item = self.any_item(self.repo(path), number)
        body = self.require(request.body, {"body": STR}, required=("body",))
        return 201, self.comment_json(item, self.add_comment(item, body["body"]))


class GitLab(Forge):
    base = "/api/v4"

    def credential(self, headers):
        return headers.get("PRIVATE-TOKEN")

    def routes(self):
        project = r"/projects/([^/]+)"
        return [
            ("GET", r"/user", lambda request: (200, self.user_json(self.user))),
            ("GET", r"/users", self.find_users),
            ("GET", project, self.get_project),
            ("GET", project + r"/merge_requests", lambda request, id: self.list_items(request, id, "pull")),
            ("POST", project + r"/merge_requests", self.create_merge_request),
            ("GET", project + r"/merge_requests/(\d+)", lambda request, id, n: self.get_item(id, "pull", n)),
            ("PUT", project + r"/merge_requests/(\d+)", lambda request, id, n: self.update_item(request, id, "pull", n)),
            ("GET", project + r"/merge_requests/(\d+)/notes", lambda request, id, n: self.list_notes(request, id, "pull", n)),
            ("POST", project + r"/merge_requests/(\d+)/notes", lambda request, id, n: self.create_note(request, id, "pull", n)),
            ("GET", project + r"/issues", lambda request, id: self.list_items(request, id, "issue")),
            ("POST", project + r"/issues", self.create_issue),
            ("GET", project + r"/issues/(\d+)", lambda request, id, n: self.get_item(id, "issue", n)),
            ("PUT", project + r"/issues/(\d+)", lambda request, id, n: self.update_item(request, id, "issue", n)),
            ("GET", project + r"/issues/(\d+)/notes", lambda request, id, n: self.list_notes(request, id, "issue", n)),
            ("POST", project + r"/issues/(\d+)/notes", lambda request, id, n: self.create_note(request, id, "issue", n)),
        ]

    def page_headers(self, total, size, page, last):
        return [("X-Total", str(total)), ("X-Total-Pages", str(last)), ("X-Per-Page", str(size)), ("X-Page", str(page)),
                ("X-Next-Page", str(page + 1) if page < last else "")]

    def user_json(self, name):
        return {"id": self.users.index(name) + 1, "username": name, "name": name, "state": "active"}

    def find_users(self, request):
        names = [request.query["username"]] if "username" in request.query else self.users
        return 200, [self.user_json(name) for name in names if self.known_user(name)]

    def project(self, id):
        """A project by its numeric id or its URL-encoded path (`acme%2Fshop`)."""
        repo = self.store.project(int(id)) if id.isdigit() else self.store.repository(id)
        if repo is None:
            raise Refusal(404, f"no project {id}", {"message": "404 Project Not Found"})
        repo.refresh_heads()
        return repo

    def get_project(self, request, id):
        repo = self.project(id)
        return 200, {"id": repo.id, "name": repo.path.split("/")[-1], "path": repo.path.split("/")[-1],
                     "path_with_namespace": repo.path, "default_branch": repo.default_branch(),
                     "web_url": f"{self.origin}/{repo.path}", "http_url_to_repo": f"{self.origin}/{repo.path}.git"}

    def reference(self, name):
        return {"id": self.users.index(name) + 1 if name in self.users else 0, "username": name, "name": name}

    def item_json(self, repo, item):
        kind = "merge_requests" if item["type"] == "pull" else "issues"
        state = "merged" if item.get("merged") else {"open": "opened", "closed": "closed"}[item["state"]]
        answer = {"id": item["id"], "iid": item["number"], "project_id": repo.id,
                  "web_url": f"{self.origin}/{repo.path}/-/{kind}/{item['number']}", "state": state,
                  "title": item["title"], "description": item["body"], "labels": item["labels"],
                  "author": self.reference(item["author"]),
                  "assignees": [self.reference(name) for name in item["assignees"]],
                  "closed_by": self.reference(item["closed_by"]) if item["closed_by"] and not item.get("merged") else None,
                  "closed_at": item["closed_at"] if not item.get("merged") else None,
                  "created_at": item["created_at"], "updated_at": item["updated_at"],
                  "user_notes_count": len(item["comments"])}
        if item["type"] == "pull":
            draft = bool(re.match(r"\s*(draft:|\[draft\]|\(draft\))", item["title"], re.IGNORECASE))
            answer.update(draft=draft, work_in_progress=draft, source_branch=item["head"], target_branch=item["base"],
                          sha=item["sha"], reviewers=[self.reference(name) for name in item["reviewers"]],
                          merged_at=item["merged_at"],
                          merged_by=self.reference(item["merged_by"]) if item["merged_by"] else None,
                          force_remove_source_branch=item["remove_source_branch"])
        return answer

    def get_item(self, id, kind, number):
        repo = self.project(id)
        item = self.item(repo, kind, number)
        answer = self.item_json(repo, item)
        if kind == "pull":
            # Only the single merge request carries its head pipeline, as on GitLab; lists leave it out.
            answer["head_pipeline"] = self.head_pipeline(repo, item)
        return 200, answer

    def head_pipeline(self, repo, item):
        """The pipeline of the merge request's head commit: its checks as one status, or None without checks."""
        state = combined_state(check["state"] for check in repo.checks.get(item["sha"], {}).values())
        if state is None:
            return None
        pipeline = repo.pipelines[item["sha"]]
        return {"id": pipeline, "iid": pipeline, "project_id": repo.id, "sha": item["sha"], "ref": item["head"],
                "status": {"failure": "failed", "pending": "running", "success": "success"}[state], "source": "push",
                "web_url": f"{self.origin}/{repo.path}/-/pipelines/{pipeline}"}

    def list_items(self, request, id, kind):
        repo = self.project(id)
        states = ("opened", "closed", "merged", "locked", "all") if kind == "pull" else ("opened", "closed", "all")
        state = self.check_state_filter(request, states, "all")
        table = repo.pulls if kind == "pull" else repo.issues
        items = [item for item in table.values() if state == "all" or self.item_json(repo, item)["state"] == state]
        for parameter, field in (("source_branch", "head"), ("target_branch", "base"), ("author_username", "author")):
            if parameter in request.query:
                items = [item for item in items if item.get(field) == request.query[parameter]]
        wanted = comma_list(request.query.get("labels"))
        items = [item for item in items if all(name in item["labels"] for name in wanted)]
        items, headers = self.page(request, self.newest_first(items))
        return 200, [self.item_json(repo, item) for item in items], headers

    def user_ids(self, ids, field):
        unknown = [str(number) for number in ids if not 1 <= number <= len(self.users)]
        if unknown:
            raise Refusal(422, f"{field}: no user with id {', '.join(unknown)}")
        return [self.users[number - 1] for number in ids]

    def refuse_duplicate(self, repo, head, base, number=None):
        for other in repo.pulls.values():
            if other["state"] == "open" and other["head"] == head and other["base"] == base and other["number"] != number:
                message = f"Another open merge request already exists for this source branch: !{other['number']}"
                raise Refusal(409, "duplicate: " + message, {"message": [message]})

    def create_merge_request(self, request, id):
        repo = self.project(id)
        body = self.require(request.body, {"source_branch": STR, "target_branch": STR, "title": STR, "description": STR,
                                           "labels": STR, "reviewer_ids": INTS, "assignee_ids": INTS,
                                           "remove_source_branch": BOOL, "squash": BOOL},
                            required=("source_branch", "target_branch", "title"))
        reviewers = self.user_ids(body.get("reviewer_ids") or [], "reviewer_ids")
        assignees = self.user_ids(body.get("assignee_ids") or [], "assignee_ids")
        branches = repo.branches()
        for field in ("source_branch", "target_branch"):
            if body[field] not in branches:
                raise Refusal(422, f"{field} {body[field]} does not exist",
                              {"message": [f"{field.replace('_', ' ').capitalize()} does not exist"]})
        if body["source_branch"] == body["target_branch"]:
            raise Refusal(422, "source and target are the same branch",
                          {"message": ["You can't use same project/branch for source and target"]})
        self.refuse_duplicate(repo, body["source_branch"], body["target_branch"])
        item = self.store.new_item(repo, "pull", title=body["title"], body=body.get("description") or "",
                                   head=body["source_branch"], base=body["target_branch"],
                                   sha=branches[body["source_branch"]], labels=comma_list(body.get("labels")),
                                   reviewers=reviewers, assignees=assignees, author=self.user,
                                   remove_source_branch=bool(body.get("remove_source_branch")))
        return 201, self.item_json(repo, item)

    def create_issue(self, request, id):
        repo = self.project(id)
        body = self.require(request.body, {"title": STR, "description": STR, "labels": STR, "assignee_ids": INTS,
                                           "confidential": BOOL}, required=("title",))
        assignees = self.user_ids(body.get("assignee_ids") or [], "assignee_ids")
        item = self.store.new_item(repo, "issue", title=body["title"], body=body.get("description") or "",
                                   labels=comma_list(body.get("labels")), assignees=assignees, author=self.user)
        return 201, self.item_json(repo, item)

    def update_item(self, request, id, kind, number):
        repo = self.project(id)
        item = self.item(repo, kind, number)
        fields = {"title": STR, "description": STR, "state_event": STR, "labels": STR, "add_labels": STR,
                  "remove_labels": STR, "assignee_ids": INTS}
        if kind == "pull":
            fields.update(reviewer_ids=INTS, target_branch=STR, remove_source_branch=BOOL, squash=BOOL)
        body = self.require(request.body, fields)
        if not body:
            raise Refusal(400, "no field to change", {"error": "at least one parameter must be provided"})
        if body.get("state_event") not in (None, "close", "reopen"):
            raise Refusal(422, "state_event must be close or reopen")
        if body.get("target_branch") is not None and body["target_branch"] not in repo.branches():
            raise Refusal(422, f"target_branch {body['target_branch']} does not exist")
        assignees = self.user_ids(body.get("assignee_ids") or [], "assignee_ids")
        reviewers = self.user_ids(body.get("reviewer_ids") or [], "reviewer_ids")
        if body.get("title") is not None:
            item["title"] = body["title"]
        if body.get("description") is not None:
            item["body"] = body["description"]
        if body.get("labels") is not None:
            item["labels"] = comma_list(body["labels"])
        item["labels"] += [name for name in comma_list(body.get("add_labels")) if name not in item["labels"]]
        item["labels"] = [name for name in item["labels"] if name not in comma_list(body.get("remove_labels"))]
        if body.get("assignee_ids") is not None:
            item["assignees"] = assignees
        if body.get("reviewer_ids") is not None:
            item["reviewers"] = reviewers
        if body.get("target_branch") is not None:
            item["base"] = body["target_branch"]
        if body.get("remove_source_branch") is not None:
            item["remove_source_branch"] = body["remove_source_branch"]
        # GitLab ignores a state event a merged merge request cannot take.
        if body.get("state_event") is not None and not item.get("merged"):
            self.set_state(repo, item, body["state_event"] == "close", self.user)
        item["updated_at"] = now()
        return 200, self.item_json(repo, item)

    def note_json(self, item, note):
        return {"id": note["id"], "body": note["body"], "author": self.reference(note["author"]),
                "noteable_type": "MergeRequest" if item["type"] == "pull" else "Issue",
                "noteable_iid": item["number"], "system": False, "created_at": note["created_at"]}

    def list_notes(self, request, id, kind, number):
        item = self.item(self.project(id), kind, number)
        notes, headers = self.page(request, item["comments"])
        return 200, [self.note_json(item, note) for note in notes], headers

    def create_note(self, request, id, kind, number):
        item = self.item(self.project(id), kind, number)
        body = self.require(request.body, {"body": STR}, required=("body",))
        return 201, self.note_json(item, self.add_comment(item, body["body"]))


class Gitea(Forge):
    base = "/api/v1"
    page_size_parameter = "limit"
    largest_page = 50

    def credential(self, headers):
        value = headers.get("Authorization")
        if value is None:
            return None
        return value[len("token "):] if value.startswith("token ") else ""

    def routes(self):
        repo = r"/repos/([^/]+/[^/]+)"
        return [
            ("GET", r"/user", lambda request: (200, self.user_json(self.user))),
            ("GET", repo, self.get_repo),
            ("GET", repo + r"/labels", self.list_labels),
            ("GET", repo + r"/pulls", self.list_pulls),
            ("POST", repo + r"/pulls", self.create_pull),
            ("GET", repo + r"/pulls/(\d+)", self.get_pull),
            ("PATCH", repo + r"/pulls/(\d+)", self.update_pull),
            ("POST", repo + r"/pulls/(\d+)/requested_reviewers", self.request_reviewers),
            ("GET", repo + r"/issues", self.list_issues),
            ("POST", repo + r"/issues", self.create_issue),
            ("GET", repo + r"/issues/(\d+)", lambda request, path, n: (200, self.issue_json(self.any_item(self.repo(path), n)))),
            ("PATCH", repo + r"/issues/(\d+)", self.update_issue),
            ("GET", repo + r"/issues/(\d+)/comments", self.list_comments),
            ("POST", repo + r"/issues/(\d+)/comments", self.create_comment),
            ("GET", repo + r"/commits/(.+)/status", self.combined_status),
        ]

    def page_headers(self, total, size, page, last):
        return [("X-Total-Count", str(total))]

    def combined_status(self, request, path, ref):
        """The commit's statuses, one per context, and their combined state. Without any, Gitea answers its
        empty CombinedStatus: state "", sha "", statuses null."""
        repo = self.repo(path)
        sha = self.commit(repo, ref)
        checks = list(repo.checks.get(sha, {}).values())
        if not checks:
            return 200, {"state": "", "sha": "", "total_count": 0, "statuses": None, "repository": None,
                         "commit_url": "", "url": ""}
        statuses, headers = self.page(request, checks)
        return 200, {"state": combined_state(check["state"] for check in checks), "sha": sha, "total_count": len(checks),
                     "statuses": [{"id": check["id"], "context": check["name"], "status": check["state"],
                                   "description": "", "target_url": "", "created_at": check["created_at"],
                                   "updated_at": check["updated_at"]} for check in statuses],
                     "commit_url": f"{self.origin}{self.base}/repos/{path}/git/commits/{sha}",
                     "url": f"{self.origin}{self.base}/repos/{path}/commits/{sha}/status"}, headers

    def user_json(self, name):
        return {"id": self.users.index(name) + 1 if name in self.users else 0, "login": name, "username": name}

    def label_json(self, name):
        return {"id": self.labels.index(name) + 1, "name": name, "color": "ededed"}

    def label_names(self, ids):
        unknown = [str(number) for number in ids if not 1 <= number <= len(self.labels)]
        if unknown:
            raise Refusal(422, f"no label with id {', '.join(unknown)}")
        return [self.labels[number - 1] for number in dict.fromkeys(ids)]

    def get_repo(self, request, path):
        repo = self.repo(path)
        owner, name = path.split("/")
        return 200, {"id": repo.id, "name": name, "full_name": path, "owner": self.user_json(owner),
                     "default_branch": repo.default_branch(), "html_url": f"{self.origin}/{path}",
                     "clone_url": f"{self.origin}/{path}.git"}

    def list_labels(self, request, path):
        self.repo(path)
        labels, headers = self.page(request, self.labels)
        return 200, [self.label_json(name) for name in labels], headers

    def pull_json(self, item):
        return {"id": item["id"], "number": item["number"], "html_url": f"{self.origin}/{item['repo']}/pulls/{item['number']}",
                "state": item["state"], "merged": item["merged"], "merged_at": item["merged_at"],
                "merged_by": self.user_json(item["merged_by"]) if item["merged_by"] else None,
                "title": item["title"], "body": item["body"],
                "head": {"ref": item["head"], "sha": item["sha"], "label": item["head"]},
                "base": {"ref": item["base"], "label": item["base"]}, "user": self.user_json(item["author"]),
                "labels": [self.label_json(name) for name in item["labels"]],
                "assignees": [self.user_json(name) for name in item["assignees"]],
                "requested_reviewers": [self.user_json(name) for name in item["reviewers"]],
                "closed_at": item["closed_at"], "created_at": item["created_at"], "updated_at": item["updated_at"]}

    def issue_json(self, item):
        page = "pulls" if item["type"] == "pull" else "issues"
        answer = {"id": item["id"], "number": item["number"],
                  "html_url": f"{self.origin}/{item['repo']}/{page}/{item['number']}", "state": item["state"],
                  "title": item["title"], "body": item["body"], "labels": [self.label_json(name) for name in item["labels"]],
                  "user": self.user_json(item["author"]), "assignees": [self.user_json(name) for name in item["assignees"]],
                  "comments": len(item["comments"]), "closed_at": item["closed_at"], "created_at": item["created_at"],
                  "updated_at": item["updated_at"], "pull_request": None}
        if item["type"] == "pull":
            answer["pull_request"] = {"merged": item["merged"], "merged_at": item["merged_at"],
                                      "html_url": f"{self.origin}/{item['repo']}/pulls/{item['number']}"}
        return answer

    def list_pulls(self, request, path):
        repo = self.repo(path)
        state = self.check_state_filter(request, ("open", "closed", "all"), "open")
        # Gitea has no head filter: a client has to look at every pull request's head itself.
        items = [item for item in repo.pulls.values() if state == "all" or item["state"] == state]
        items, headers = self.page(request, self.newest_first(items))
        return 200, [self.pull_json(item) for item in items], headers

    def refuse_duplicate(self, repo, head, base, number=None):
        for other in repo.pulls.values():
            if other["state"] == "open" and other["head"] == head and other["base"] == base and other["number"] != number:
                raise Refusal(409, "duplicate: pull request already exists for these targets",
                              {"message": "pull request already exists for these targets"})

    def reopen_merged_refusal(self):
        return Refusal(409, "a merged pull request cannot be reopened",
                       {"message": "cannot change state of this pull request, it was already merged"})

    def check_assignees(self, names):
        unknown = [name for name in names if not self.known_user(name)]
        if unknown:
            raise Refusal(422, f"assignees {', '.join(unknown)} do not exist")
        return names

    def create_pull(self, request, path):
        repo = self.repo(path)
        body = self.require(request.body, {"title": STR, "head": STR, "base": STR, "body": STR, "labels": INTS,
                                           "assignees": STRS}, required=("title", "head", "base"))
        labels = self.label_names(body.get("labels") or [])
        assignees = self.check_assignees(body.get("assignees") or [])
        branches = repo.branches()
        if body["head"] not in branches or body["base"] not in branches:
            raise Refusal(404, f"head {body['head']} or base {body['base']} is not a branch",
                          {"message": "The target couldn't be found."})
        if repo.is_ancestor(branches[body["head"]], branches[body["base"]]):
            raise Refusal(422, "no changes between head and base",
                          {"message": "There are no changes between the head and the base"})
        self.refuse_duplicate(repo, body["head"], body["base"])
        item = self.store.new_item(repo, "pull", title=body["title"], body=body.get("body") or "",
                                   head=body["head"], base=body["base"], sha=branches[body["head"]], labels=labels,
                                   assignees=assignees, author=self.user)
        return 201, self.pull_json(item)

    def apply_common(self, repo, item, body):
        for field in ("title", "body"):
            if body.get(field) is not None:
                item[field] = body[field]
        if body.get("state") not in (None, "open", "closed"):
            raise Refusal(422, "state must be open or closed")
        if body.get("labels") is not None:
            item["labels"] = self.label_names(body["labels"])
        if body.get("assignees") is not None:
            item["assignees"] = self.check_assignees(body["assignees"])
        if body.get("state") is not None:
            self.set_state(repo, item, body["state"] == "closed", self.user)
        item["updated_at"] = now()

    # Gitea answers an edit with 201, not 200.
    def update_pull(self, request, path, number):
        repo = self.repo(path)
        item = self.item(repo, "pull", number)
        body = self.require(request.body, {"title": STR, "body": STR, "state": STR, "base": STR, "labels": INTS,
                                           "assignees": STRS})
        if body.get("base") is not None and body["base"] not in repo.branches():
            raise Refusal(404, f"base {body['base']} is not a branch", {"message": "The target couldn't be found."})
        self.apply_common(repo, item, body)
        if body.get("base") is not None:
            item["base"] = body["base"]
        return 201, self.pull_json(item)

    def request_reviewers(self, request, path, number):
        repo = self.repo(path)
        item = self.item(repo, "pull", number)
        body = self.require(request.body, {"reviewers": STRS, "team_reviewers": STRS})
        reviewers = body.get("reviewers") or []
        unknown = [name for name in reviewers if not self.known_user(name)]
        if unknown:
            raise Refusal(422, f"reviewers {', '.join(unknown)} do not exist")
        if item["author"] in reviewers:
            raise Refusal(422, "the author cannot be asked for a review")
        item["reviewers"] += [name for name in reviewers if name not in item["reviewers"]]
        return 201, [{"id": self.store.new_id(), "user": self.user_json(name), "state": "REQUEST_REVIEW"} for name in reviewers]

    def list_issues(self, request, path):
        repo = self.repo(path)
        state = self.check_state_filter(request, ("open", "closed", "all"), "open")
        kind = request.query.get("type", "")
        if kind not in ("", "issues", "pulls"):
            raise Refusal(422, "type must be issues or pulls")
        tables = {"": [repo.issues, repo.pulls], "issues": [repo.issues], "pulls": [repo.pulls]}[kind]
        items = [item for table in tables for item in table.values() if state == "all" or item["state"] == state]
        if "created_by" in request.query:
            items = [item for item in items if item["author"] == request.query["created_by"]]
        wanted = comma_list(request.query.get("labels"))
        items = [item for item in items if all(name in item["labels"] for name in wanted)]
        items, headers = self.page(request, self.newest_first(items))
        return 200, [self.issue_json(item) for item in items], headers

    def create_issue(self, request, path):
        repo = self.repo(path)
        body = self.require(request.body, {"title": STR, "body": STR, "labels": INTS, "assignees": STRS},
                            required=("title",))
        labels = self.label_names(body.get("labels") or [])
        assignees = self.check_assignees(body.get("assignees") or [])
        item = self.store.new_item(repo, "issue", title=body["title"], body=body.get("body") or "",
                                   labels=labels, assignees=assignees, author=self.user)
        return 201, self.issue_json(item)

    def update_issue(self, request, path, number):
        repo = self.repo(path)
        item = self.any_item(repo, number)
        body = self.require(request.body, {"title": STR, "body": STR, "state": STR, "assignees": STRS})
        self.apply_common(repo, item, body)
        return 201, self.issue_json(item)

    def comment_json(self, item, comment):
        return {"id": comment["id"], "body": comment["body"], "user": self.user_json(comment["author"]),
                "html_url": f"{self.issue_json(item)['html_url']}#issuecomment-{comment['id']}",
                "created_at": comment["created_at"]}

    def list_comments(self, request, path, number):
        item = self.any_item(self.repo(path), number)
        comments, headers = self.page(request, item["comments"])
        return 200, [self.comment_json(item, comment) for comment in comments], headers

    def create_comment(self, request, path, number):
        item = self.any_item(self.repo(path), number)
        body = self.require(request.body, {"body": STR}, required=("body",))
        return 201, self.comment_json(item, self.add_comment(item, body["body"]))


KINDS = {"github": GitHub, "gitlab": GitLab, "gitea": Gitea}


def injected_answer(failure):
    """What an injected failure looks like: a 429 with Retry-After, GitHub's rate-limit 403, a refusal, a 5xx."""
    status, headers = failure["status"], []
    if failure.get("retry_after") is not None:
        headers.append(("Retry-After", str(failure["retry_after"])))
    if failure.get("ratelimit_remaining") is not None:
        reset = int(time.time()) + int(failure.get("retry_after") or 60)
        headers += [("X-RateLimit-Limit", "5000"), ("X-RateLimit-Remaining", str(failure["ratelimit_remaining"])),
                    ("X-RateLimit-Reset", str(reset))]
    message = {429: "API rate limit exceeded", 403: "Forbidden"}.get(status, "Server Error")
    if status == 403 and failure.get("ratelimit_remaining") is not None:
        message = "API rate limit exceeded for user ID 1."
    return Refusal(status, f"injected {status}", {"message": message}, headers)


def git_service(path, query):
    service = query.get("service", "")
    if not service and path.rsplit("/", 1)[-1] in ("git-upload-pack", "git-receive-pack"):
        service = path.rsplit("/", 1)[-1]
    return service


def basic_password(headers):
    value = headers.get("Authorization")
    if value is None:
        return None
    if not value.startswith("Basic "):
        return ""
    try:
        return base64.b64decode(value[6:], validate=True).decode("utf-8").partition(":")[2]
    except ValueError:
        return ""


class Control:
    """The test's hand on the forge: what people and the network do that no API client asks for."""

    def __init__(self, forge):
        self.forge = forge
        self.store = forge.store

    def handle(self, method, name, body):
        if method == "GET" and name == "state":
            return 200, self.store.state()
        if method != "POST" or name not in ("close", "merge", "fail", "refuse_push", "checks"):
            raise Refusal(404, "no such control", {"message": "Not Found"})
        if name == "fail":
            problem = shape_problem(body, {"path_prefix": STR, "status": INT, "count": INT, "retry_after": INT,
                                           "ratelimit_remaining": STR}, required=("path_prefix", "status"))
            if problem:
                raise Refusal(422, problem)
            self.store.failures.append(dict(body, count=body.get("count") or 1))
            return 200, {"failures": self.store.failures}
        if name == "refuse_push":
            problem = shape_problem(body, {"repo": STR, "message": STR}, required=("repo",))
            if problem:
                raise Refusal(422, problem)
            return 200, self.refuse_push(self.forge.repo(body["repo"]), body.get("message") or "")
        if name == "checks":
            return 200, self.set_check(body)
        problem = shape_problem(body, {"repo": STR, "number": INT, "by": STR, "type": STR}, required=("repo", "number", "by"))
        if problem:
            raise Refusal(422, problem)
        repo = self.forge.repo(body["repo"])
        item = self.forge.control_item(repo, body["number"], body.get("type") or ("pull" if name == "merge" else ""))
        if name == "close":
            self.forge.close_by_person(repo, item, body["by"])
        else:
            self.forge.merge_by_person(repo, item, body["by"])
        return 200, item

    def set_check(self, body):
        """CI reports check `name` (default "build") on a commit: `sha` is a commit's full sha, or
        `branch:<name>` for that branch's tip now."""
        problem = shape_problem(body, {"repo": STR, "sha": STR, "state": STR, "name": STR}, required=("repo", "sha", "state"))
        if problem:
            raise Refusal(422, problem)
        if body["state"] not in CHECK_STATES:
            raise Refusal(422, f"state must be one of {', '.join(CHECK_STATES)}")
        repo = self.forge.repo(body["repo"])
        prefix, colon, branch = body["sha"].partition(":")
        if colon and prefix == "branch":
            sha = repo.branches().get(branch)
            if sha is None:
                raise Refusal(422, f"no branch {branch} in {repo.path}")
        elif re.fullmatch(r"[0-9a-f]{40}", body["sha"]):
            sha = repo.commit_of(body["sha"])
            if sha is None:
                raise Refusal(422, f"no commit {body['sha']} in {repo.path}")
        else:
            raise Refusal(422, "sha must be a commit's 40 hex digits or branch:<name>")
        check = self.store.set_check(repo, sha, body.get("name") or "build", body["state"])
        return {"repo": repo.path, "sha": sha, "name": check["name"], "state": check["state"],
                "checks": {other["name"]: other["state"] for other in repo.checks[sha].values()}}

    def refuse_push(self, repo, message):
        """A pre-receive hook that prints `message` and refuses every push; an empty message removes it."""
        hooks = os.path.join(repo.git_dir, "hooks")
        os.makedirs(hooks, exist_ok=True)
        hook, text = os.path.join(hooks, "pre-receive"), os.path.join(hooks, "refusal-message")
        if not message:
            for path in (hook, text):
                if os.path.exists(path):
                    os.remove(path)
            return {"refusing": False}
        with open(text, "w") as handle:
            handle.write(message + "\n")
        with open(hook, "w") as handle:
            handle.write('#!/bin/sh\ncat >/dev/null\ncat "$(dirname "$0")/refusal-message" >&2\nexit 1\n')
        os.chmod(hook, 0o755)
        return {"refusing": True}


def make_handler(forge, log_path):
    store = forge.store
    control = Control(forge)
    log_lock = threading.Lock()

    def note(entry):
        with log_lock, open(log_path, "a") as log:
            log.write(json.dumps(entry) + "\n")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            self.serve()

        do_POST = do_PATCH = do_PUT = do_DELETE = do_GET

        def serve(self):
            raw = read_body(self)
            path, _, query_string = self.path.partition("?")
            query = dict(urllib.parse.parse_qsl(query_string, keep_blank_values=True))
            if path.startswith("/_control/"):
                self.control(path[len("/_control/"):], raw)
            elif path == forge.base or path.startswith(forge.base + "/") or ".git" not in path:
                self.api(path, query, raw)
            else:
                self.git(path, query_string, query, raw)

        def control(self, name, raw):
            try:
                body = json.loads(raw) if raw else None
                with store.lock:
                    status, payload = control.handle(self.command, name, body)
                self.answer(status, payload)
            except Refusal as refusal:
                self.answer(refusal.status, refusal.payload, refusal.headers)
            except (ValueError, RuntimeError) as error:
                self.answer(400, {"message": str(error)})

        def api(self, path, query, raw):
            auth = forge.authorize(self.headers)
            body = None
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = raw.decode("utf-8", "replace")
            entry = {"kind": "api", "method": self.command, "path": path, "query": query, "status": 0, "problem": "",
                     "body": body, "auth": auth, "service": ""}
            headers = []
            try:
                with store.lock:
                    failure = store.take_failure(path)
                if failure:
                    raise injected_answer(failure)
                if auth != "ok":
                    raise Refusal(401, f"credentials {auth}", {"message": "Bad credentials"})
                if self.command in ("POST", "PATCH", "PUT"):
                    if self.headers.get("Content-Type", "").split(";")[0].strip().lower() != "application/json":
                        raise Refusal(415, "the body is not sent as application/json",
                                      {"message": "Unsupported Media Type: send Content-Type: application/json"})
                    if raw and isinstance(body, str):
                        raise Refusal(400, "the body is not JSON", {"message": "Problems parsing JSON"})
                with store.lock:
                    answer = forge.dispatch(Request(self.command, path, query, body))
                status, payload = answer[0], answer[1]
                headers = list(answer[2]) if len(answer) > 2 else []
            except Refusal as refusal:
                status, payload, headers = refusal.status, refusal.payload, refusal.headers
                entry["problem"] = refusal.problem
            except Exception as error:  # noqa: BLE001 - a bug in the fake answers 500 and says so
                traceback.print_exc()
                status, payload = 500, {"message": "fake forge error"}
                entry["problem"] = f"fake forge error: {error!r}"
            entry["status"] = status
            # Logged before the answer goes out: a client that has its answer must find the request in the log.
            note(entry)
            self.answer(status, payload, headers)

        def git(self, path, query_string, query, raw):
            password = basic_password(self.headers)
            auth = "missing" if password is None else ("ok" if password == forge.token else "wrong")
            entry = {"kind": "git", "method": self.command, "path": path, "query": query, "status": 0, "problem": "",
                     "body": None, "auth": auth, "service": git_service(path, query)}
            if auth != "ok":
                entry.update(status=401, problem=f"credentials {auth}")
                note(entry)
                return self.send_bytes(401, [("WWW-Authenticate", 'Basic realm="fake"'), ("Content-Type", "text/plain")],
                                       b"authentication required\n")
            # /_control/fail reaches git requests too (after the credentials, as a busy server answers them).
            with store.lock:
                failure = store.take_failure(path)
            if failure:
                entry.update(status=failure["status"], problem="injected")
                note(entry)
                return self.send_bytes(failure["status"], [("Content-Type", "text/plain")], b"try again later\n")
            env = git_environment({
                "GIT_PROJECT_ROOT": store.root, "GIT_HTTP_EXPORT_ALL": "1", "PATH_INFO": path,
                "QUERY_STRING": query_string, "REQUEST_METHOD": self.command,
                "CONTENT_TYPE": self.headers.get("Content-Type", ""), "CONTENT_LENGTH": str(len(raw)),
                "REMOTE_ADDR": "127.0.0.1", "REMOTE_USER": forge.user, "GIT_CONFIG_COUNT": "1",
                "GIT_CONFIG_KEY_0": "http.receivepack", "GIT_CONFIG_VALUE_0": "true"})
            if self.headers.get("Git-Protocol"):
                env["GIT_PROTOCOL"] = self.headers["Git-Protocol"]
            if self.headers.get("Content-Encoding"):
                env["HTTP_CONTENT_ENCODING"] = self.headers["Content-Encoding"]
            output = subprocess.run(["git", "http-backend"], input=raw, env=env, capture_output=True).stdout
            status, headers, payload = parse_cgi(output)
            entry["status"] = status
            if status >= 400:
                entry["problem"] = payload.decode("utf-8", "replace").strip()[:200]
            note(entry)
            self.send_bytes(status, headers, payload)

        def answer(self, status, payload, headers=()):
            headers = list(headers) + [("Content-Type", "application/json; charset=utf-8")]
            self.send_bytes(status, headers, json.dumps(payload).encode())

        def send_bytes(self, status, headers, payload):
            self.send_response(status)
            for name, value in headers:
                if name.lower() not in ("content-length", "transfer-encoding"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args):
            pass

    return Handler


def make_server(kind, root, token, user, log_path, port=0, labels=(), users=()):
    """The forge, bound to 127.0.0.1 and not yet serving; `server.forge` is its state."""
    forge = KINDS[kind](Store(os.path.abspath(root), shared_numbers=kind != "gitlab"), token, user, list(users), list(labels))
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(forge, log_path))
    server.daemon_threads = True
    server.request_queue_size = 64
    forge.origin = f"http://localhost:{server.server_address[1]}"
    server.forge = forge
    return server


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kind", choices=sorted(KINDS), required=True)
    parser.add_argument("--root", required=True, help="the bare repositories, as ROOT/<path>.git")
    parser.add_argument("--token", required=True)
    parser.add_argument("--user", required=True, help="the token's user")
    parser.add_argument("--log", required=True, help="one JSON object a line per request")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--labels", default="", help="labels every repository has (Gitea), comma-separated")
    parser.add_argument("--users", default="", help="other users who exist, comma-separated")
    args = parser.parse_args()
    server = make_server(args.kind, args.root, args.token, args.user, args.log, args.port,
                         comma_list(args.labels), comma_list(args.users))
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
