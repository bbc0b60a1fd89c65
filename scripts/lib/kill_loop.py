#!/usr/bin/env python3
"""The kill -9 loop behind scripts/kill-loop: see that script for what it does and checks.

Each round picks a phase (clone, scan, report; an even spread, shuffled by the seed), prepares the fleet
so that the sweep has that work to do (mirrors removed, so they are cloned again; upstream commits, so
repositories are fetched and scanned), starts a sweep, waits for the phase's sign in the workspace,
waits a random moment more, and sends SIGKILL. What the workspace shows then says where the kill really
landed. A normal sweep follows and the workspace is checked."""
import argparse
import fcntl
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def is_run_id(name):
    return len(name) >= 21 and name[8] == "T" and name[15] == "Z" and name[:8].isdigit()


class Workspace:
    def __init__(self, root):
        self.root = root
        self.runs = os.path.join(root, "runs")
        self.mirrors = os.path.join(root, "mirrors")

    def run_folders(self):
        if not os.path.isdir(self.runs):
            return set()
        return {name for name in os.listdir(self.runs) if is_run_id(name)}

    def complete_runs(self):
        return sorted(name for name in self.run_folders() if os.path.exists(os.path.join(self.runs, name, "run.json")))

    def history(self):
        path = os.path.join(self.root, "history.jsonl")
        if not os.path.exists(path):
            return []
        with open(path) as handle:
            return [json.loads(line)["run"] for line in handle if line.strip()]

    def latest(self):
        path = os.path.join(self.root, "latest")
        if not os.path.exists(path):
            return None
        with open(path) as handle:
            return handle.read().strip()

    def mirror_temporaries(self):
        if not os.path.isdir(self.mirrors):
            return []
        return [name for name in os.listdir(self.mirrors) if ".git.tmp-" in name]


def git(args, cwd):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", HOME=cwd, GIT_AUTHOR_NAME="k", GIT_AUTHOR_EMAIL="k@example.com",
               GIT_COMMITTER_NAME="k", GIT_COMMITTER_EMAIL="k@example.com")
    subprocess.run(["git", "-c", "gc.auto=0", *args], cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)


def touch(repository, round_number):
    with open(os.path.join(repository, "README.md"), "a") as handle:
        handle.write("\nround %d\n" % round_number)
    git(["commit", "-q", "-am", "round %d" % round_number], repository)


def sweep(binary, config):
    started = time.monotonic()
    result = subprocess.run([binary, "sweep", "--config", config, "-q"], capture_output=True, text=True)
    return result, time.monotonic() - started


def check(workspace, before, result):
    """The problems with the workspace after a normal sweep, as sentences (none when all is well)."""
    problems = []
    if result.returncode != 0:
        problems.append("the normal sweep exited %d: %s" % (result.returncode, result.stderr.strip()[-300:]))
    complete = workspace.complete_runs()
    for run in before:
        if run not in complete:
            problems.append("complete run %s is gone" % run)
    for run in complete:
        folder = os.path.join(workspace.runs, run)
        try:
            with open(os.path.join(folder, "run.json")) as handle:
                record = json.load(handle)
            with open(os.path.join(folder, "summary.json")) as handle:
                json.load(handle)
            if record.get("id") != run:
                problems.append("run.json of %s names %s" % (run, record.get("id")))
        except (OSError, ValueError) as error:
            problems.append("run %s is not readable: %s" % (run, error))
    history = workspace.history()
    if history != complete:
        problems.append("history lists %s, the complete runs are %s" % (history[-3:], complete[-3:]))
    if workspace.latest() != (complete[-1] if complete else None):
        problems.append("latest is %s, the newest complete run %s" % (workspace.latest(), complete[-1:]))
    unfinished = workspace.run_folders() - set(complete)
    if unfinished:
        problems.append("run folders without run.json stay: %s" % sorted(unfinished))
    if workspace.mirror_temporaries():
        problems.append("temporary clone folders stay: %s" % workspace.mirror_temporaries())
    leftovers = [name for name in os.listdir(workspace.root) if ".tmp-" in name]
    if leftovers:
        problems.append("temporary files stay in the workspace: %s" % leftovers)
    if "failed" in result.stdout:
        problems.append("repositories failed in the normal sweep: %s" % result.stdout.splitlines()[0])
    with open(os.path.join(workspace.root, "lock"), "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            problems.append("the workspace lock is still held")
    return problems


def wait_for(process, sign, timeout=300):
    """Polls (without sleeping) until sign() holds; False if the process ended first."""
    deadline = time.monotonic() + timeout
    while not sign():
        if process.poll() is not None or time.monotonic() > deadline:
            return False
    return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repos", type=int, default=30)
    parser.add_argument("--size", type=int, default=300)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    rng = random.Random(args.seed)
    scratch = tempfile.mkdtemp(prefix="kill-loop-")
    started = time.monotonic()
    try:
        fleet = os.path.join(scratch, "fleet")
        subprocess.run([sys.executable, os.path.join(HERE, "generate_fleet.py"), fleet, "--repos", str(args.repos),
                        "--size", str(args.size), "--seed", str(args.seed)], check=True, stdout=subprocess.DEVNULL)
        config = os.path.join(fleet, "fleet.yaml")
        workspace = Workspace(os.path.join(fleet, "workspace"))
        repositories = sorted(os.listdir(os.path.join(fleet, "repos")))
        result, seconds = sweep(binary, config)
        if result.returncode != 0:
            print("the first sweep failed: " + result.stderr, file=sys.stderr)
            return 1
        print("kill-loop: %d kills, seed %d, %d repositories, %s; cold sweep %.1f s"
              % (args.kills, args.seed, len(repositories), os.path.relpath(binary), seconds))

        phases = (["clone", "scan", "report", "reflock"] * (args.kills // 4 + 1))[:args.kills]
        rng.shuffle(phases)
        landed = {}
        failures = 0
        planted = 0
        for number, target in enumerate(phases, 1):
            before = workspace.complete_runs()
            folders_before = workspace.run_folders()
            if target == "clone":
                for key in rng.sample(sorted(os.listdir(workspace.mirrors)), k=max(1, len(repositories) // 3)):
                    shutil.rmtree(os.path.join(workspace.mirrors, key))
            changed = rng.sample(repositories, k=max(1, len(repositories) // (1 if target in ("scan", "reflock") else 4)))
            for name in changed:
                touch(os.path.join(fleet, "repos", name), number)

            def new_folder():
                fresh = workspace.run_folders() - folders_before
                return os.path.join(workspace.runs, min(fresh)) if fresh else None

            def results_written():
                folder = new_folder()
                if folder is None or not os.path.isdir(os.path.join(folder, "repos")):
                    return False
                return len(os.listdir(os.path.join(folder, "repos"))) >= threshold

            def reports_started():
                folder = new_folder()
                return folder is not None and os.path.exists(os.path.join(folder, "summary.json"))

            threshold = rng.randint(1, 4 * len(repositories))
            sign = {"clone": lambda: bool(workspace.mirror_temporaries()), "scan": results_written, "report": reports_started,
                    "reflock": results_written}[target]
            extra = rng.uniform(0, 0.01 if target == "clone" else 0.03)
            process = subprocess.Popen([binary, "sweep", "--config", config, "-q"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            seen = wait_for(process, sign)
            if seen:
                time.sleep(extra)
            cloning = bool(workspace.mirror_temporaries())
            os.kill(process.pid, signal.SIGKILL)
            status = process.wait()
            folder = new_folder()
            if target == "reflock":
                # What a kill inside libgit2's reference update leaves (the moment is too short to hit by
                # chance): lock files next to the refs, HEAD, packed-refs and config of a few mirrors whose
                # upstream moved, so the normal sweep must fetch through them.
                for key in rng.sample(sorted(os.listdir(workspace.mirrors)), k=max(1, len(repositories) // 5)):
                    mirror = os.path.join(workspace.mirrors, key)
                    for lock in ("refs/heads/main.lock", "HEAD.lock", "packed-refs.lock", "config.lock"):
                        with open(os.path.join(mirror, lock), "w") as handle:
                            handle.write("0" * 40 + "\n")
                    planted += 1
            if status != -signal.SIGKILL:
                where = "none (the sweep finished first)"
            elif folder and os.path.exists(os.path.join(folder, "run.json")):
                where = "report (after run.json)"
            elif folder and os.path.exists(os.path.join(folder, "summary.json")):
                where = "report"
            elif cloning:
                where = "clone"
            elif folder and os.path.isdir(os.path.join(folder, "repos")) and os.listdir(os.path.join(folder, "repos")):
                where = "scan"
            else:
                where = "fetch"
            landed[where] = landed.get(where, 0) + 1
            result, seconds = sweep(binary, config)
            problems = check(workspace, before, result)
            failures += bool(problems)
            print("kill %2d: aimed at %-6s landed in %-24s then a normal sweep: %s (%.1f s)"
                  % (number, target, where, "; ".join(problems) if problems else "all checks passed", seconds))

        print("kills by the phase they landed in: " + ", ".join("%s %d" % item for item in sorted(landed.items())))
        print("mirrors given stale ref, HEAD, packed-refs and config locks: %d" % planted)
        print("complete runs %d, history lines %d; %d of %d rounds with a failed check; %.0f s in all"
              % (len(workspace.complete_runs()), len(workspace.history()), failures, args.kills, time.monotonic() - started))
        return 1 if failures else 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
