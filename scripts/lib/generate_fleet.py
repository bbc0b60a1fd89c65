#!/usr/bin/env python3
"""Generates a fleet of local git repositories for `scripts/bench sweep`, and a fleet config over them.

A realistic mix, deterministic for a given seed: most repositories are small native apps (copies of the
Fixtures/scan apps, each with a README of its own), some are medium apps and a few are large ones
(scripts/lib/generate_tree.py), and some are monorepos holding several apps. Commit dates are fixed, so
the same seed gives the same commit ids.

    generate_fleet.py DEST [--repos 200] [--seed 27]

writes DEST/repos/<name>/ (repositories with a work tree, on branch main) and DEST/fleet.yaml."""
import argparse
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Fixtures", "scan")
TEAMS = ["commerce", "payments", "growth", "platform", "media", "support", "travel", "identity"]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@example.com", "GIT_AUTHOR_DATE": "2026-11-01T00:00:00Z",
    "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@example.com", "GIT_COMMITTER_DATE": "2026-11-01T00:00:00Z",
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(args, cwd):
    env = dict(os.environ, **GIT_ENV)
    env["HOME"] = cwd
    subprocess.run(["git", "-c", "gc.auto=0", *args], cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)


def commit_tree(path):
    git(["init", "-q", "-b", "main"], path)
    git(["config", "gc.auto", "0"], path)
    git(["add", "-A"], path)
    git(["commit", "-q", "-m", "initial"], path)


def generated(path, files, seed):
    subprocess.run([sys.executable, os.path.join(HERE, "generate_tree.py"), path, "--files", str(files), "--seed", str(seed)],
                   check=True, stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("destination")
    parser.add_argument("--repos", type=int, default=200)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fixtures = sorted(name for name in os.listdir(FIXTURES) if os.path.isdir(os.path.join(FIXTURES, name)))
    repos_folder = os.path.join(args.destination, "repos")
    os.makedirs(repos_folder, exist_ok=True)

    # Of every 50 repositories: 1 large (2,000 files), 7 medium (250 files), 4 monorepos of 3 apps, 38 small.
    entries = []
    for index in range(args.repos):
        slot = index % 50
        kind = "large" if slot == 0 else "medium" if slot <= 7 else "monorepo" if slot <= 11 else "small"
        name = f"{kind}-{index:03d}"
        path = os.path.join(repos_folder, name)
        if kind == "large":
            generated(path, 2000, args.seed + index)
        elif kind == "medium":
            generated(path, 250, args.seed + index)
        elif kind == "monorepo":
            for fixture in rng.sample(fixtures, 3):
                shutil.copytree(os.path.join(FIXTURES, fixture), os.path.join(path, "apps", fixture), symlinks=True)
        else:
            shutil.copytree(os.path.join(FIXTURES, fixtures[index % len(fixtures)]), path, symlinks=True)
        with open(os.path.join(path, "README.md"), "w") as readme:
            readme.write(f"# {name}\n\nBenchmark repository {index} of {args.repos} (seed {args.seed}).\n")
        commit_tree(path)
        entries.append((name, TEAMS[rng.randrange(len(TEAMS))], "apps/" if kind == "monorepo" else None))

    with open(os.path.join(args.destination, "fleet.yaml"), "w") as config:
        config.write(f"# {args.repos} generated repositories (scripts/lib/generate_fleet.py, seed {args.seed}).\n")
        config.write("version: 1\nfleet: { name: Bench Fleet, deadline: 2027-04-01 }\nworkspace: workspace\n")
        config.write("concurrency: { fetch: 4, scan: auto }\nrepos:\n")
        for name, team, paths in entries:
            config.write(f"  - url: repos/{name}\n    team: {team}\n")
            if paths:
                config.write(f"    paths: [{paths}]\n")


if __name__ == "__main__":
    main()
