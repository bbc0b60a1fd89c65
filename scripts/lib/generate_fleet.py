#!/usr/bin/env python3
"""Generates a fleet of local git repositories for benchmarks, and a fleet config over them.

A realistic mix, deterministic for a given seed. Of every 50 repositories: one large Swift/Objective-C
codebase (SIZE source files, scripts/lib/generate_tree.py), six medium ones (250 files), three JavaScript
workspace monorepos of three React Native / Expo / Capacitor / Flutter / Cordova apps each (copies of
Fixtures/frameworks, with a vendored node_modules/ holding a library's example app that must be
skipped), two single framework apps, and 38 small native apps (copies of Fixtures/scan), every fifth with
a vendored Pods/ folder of Objective-C sources. Each repository has a README of its own. Commit dates are
fixed, so the same seed gives the same commit ids.

    generate_fleet.py DEST [--repos 200] [--size 2000] [--seed 27] [--bare] [--jobs N]

writes DEST/repos/<name>/ (repositories with a work tree, on branch main) and DEST/fleet.yaml. With
--bare each repository is a bare one (its packed objects only, as a git host keeps them): 10,000
repositories take a fifth of the disk. --jobs generates that many repositories at a time; the result
is the same whatever the number (every random choice is made up front, in order)."""
import argparse
import concurrent.futures
import datetime
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Fixtures", "scan")
FRAMEWORKS = os.path.join(HERE, "..", "..", "Fixtures", "frameworks")
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


def pack(path):
    """Every object of the repository into one pack, the loose copies removed. By hand, because `git repack`
    run from Python failed here (its pack-objects reported a `bad revision` holding a pyenv shim's error
    text; the cause was not found)."""
    env = dict(os.environ, **GIT_ENV)
    env["HOME"] = path
    objects = subprocess.run(["git", "rev-list", "--objects", "--all"], cwd=path, env=env, check=True,
                             capture_output=True).stdout
    subprocess.run(["git", "pack-objects", "-q", ".git/objects/pack/pack"], cwd=path, env=env, check=True,
                   input=objects, stdout=subprocess.DEVNULL)
    subprocess.run(["git", "prune-packed"], cwd=path, env=env, check=True)


def commit_tree(path):
    git(["init", "-q", "-b", "main"], path)
    git(["config", "gc.auto", "0"], path)
    git(["add", "-A"], path)
    git(["commit", "-q", "-m", "initial"], path)
    # Hosted repositories are served from packs, and a mirror fetched over https or ssh holds packs only.
    # Left loose, every object would be a file of its own, and so would the local clone's copy of it:
    # each blob a sweep reads would cost an open, a read and a close that real fleets never pay.
    pack(path)


def generated(path, files, seed):
    subprocess.run([sys.executable, os.path.join(HERE, "generate_tree.py"), path, "--files", str(files), "--seed", str(seed)],
                   check=True, stdout=subprocess.DEVNULL)


def vendored_pods(path):
    """A Pods/ folder as CocoaPods leaves it in repositories that commit it: sources scans must skip."""
    for index in range(50):
        folder = os.path.join(path, "Pods", f"Vendor{index % 5}", "Classes")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"VND{index}.m"), "w") as handle:
            handle.write(f"#import <UIKit/UIKit.h>\n@implementation VND{index}\n- (UIWindow *)window {{ return "
                         f"[UIApplication sharedApplication].keyWindow; }}\n@end\n")


def framework_monorepo(path, picked):
    """A JavaScript workspace: apps/<fixture> framework apps and a node_modules/ with an example app."""
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "package.json"), "w") as handle:
        handle.write('{\n  "private": true,\n  "workspaces": ["apps/*", "packages/*"]\n}\n')
    for fixture in picked:
        shutil.copytree(os.path.join(FRAMEWORKS, fixture), os.path.join(path, "apps", fixture), symlinks=True)
    example = os.path.join(path, "node_modules", "react-native-camera-kit", "example")
    shutil.copytree(os.path.join(FRAMEWORKS, "rn-0.72-rctappdelegate-objc"), example, symlinks=True)


def kind_of(index):
    slot = index % 50
    return ("large" if slot == 0 else "medium" if slot <= 6 else "monorepo" if slot <= 9
            else "framework" if slot <= 11 else "small")


def make_repo(job):
    """One repository from its planned choices (a process of its own when --jobs > 1)."""
    index, name, kind, picked, args, fixtures, frameworks, repos_folder = job
    destination = os.path.join(repos_folder, name)
    # A bare repository's files are laid out in memory-backed scratch space and imported in one go.
    scratch = tempfile.mkdtemp(prefix="fleet-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None) if args.bare else None
    path = os.path.join(scratch, name) if scratch else destination
    if kind == "large":
        generated(path, args.size, args.seed + index)
    elif kind == "medium":
        generated(path, 250, args.seed + index)
    elif kind == "monorepo":
        framework_monorepo(path, picked)
    elif kind == "framework":
        shutil.copytree(os.path.join(FRAMEWORKS, frameworks[index % len(frameworks)]), path, symlinks=True)
    else:
        shutil.copytree(os.path.join(FIXTURES, fixtures[index % len(fixtures)]), path, symlinks=True)
        if index % 5 == 0:
            vendored_pods(path)
    with open(os.path.join(path, "README.md"), "w") as readme:
        readme.write(f"# {name}\n\nBenchmark repository {index} of {args.repos} (seed {args.seed}).\n")
    if scratch:
        try:
            import_bare(path, destination)
        finally:
            shutil.rmtree(scratch)
    else:
        commit_tree(path)
    return name


def import_bare(source, destination):
    """The files under `source` as the one commit of a new bare repository at `destination`, through
    `git fast-import`, which writes a pack straight away: two processes a repository instead of nine.
    The commit is the one `commit_tree` makes of the same files (same author, dates and message), so
    bare and work-tree fleets have the same commit ids. (No generated file is ignored by a .gitignore:
    the fixtures hold none that are, since this repository tracks them.)"""
    os.makedirs(destination)
    env = dict(os.environ, **GIT_ENV)
    env["HOME"] = destination
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", destination], env=env, check=True, stdout=subprocess.DEVNULL)
    stream, entries, mark = [], [], 0
    for base, folders, names in os.walk(source):
        folders.sort()
        for name in sorted(names):
            full = os.path.join(base, name)
            relative = os.path.relpath(full, source)
            info = os.lstat(full)
            if stat.S_ISLNK(info.st_mode):
                content, mode = os.readlink(full).encode(), "120000"
            else:
                with open(full, "rb") as handle:
                    content = handle.read()
                mode = "100755" if info.st_mode & stat.S_IXUSR else "100644"
            mark += 1
            stream += [b"blob\nmark :%d\ndata %d\n" % (mark, len(content)), content, b"\n"]
            entries.append(b"M %s :%d %s\n" % (mode.encode(), mark, relative.encode()))
    when = int(datetime.datetime.fromisoformat(GIT_ENV["GIT_COMMITTER_DATE"].replace("Z", "+00:00")).timestamp())
    identity = b"bench <bench@example.com> %d +0000" % when
    stream += [b"commit refs/heads/main\nauthor %s\ncommitter %s\ndata 8\ninitial\n" % (identity, identity), *entries, b"\n"]
    subprocess.run(["git", "--git-dir", destination, "fast-import", "--quiet"], input=b"".join(stream), env=env, check=True,
                   stdout=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("destination")
    parser.add_argument("--repos", type=int, default=200)
    parser.add_argument("--size", type=int, default=2000, help="source files of each large repository (default 2000)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--bare", action="store_true", help="bare repositories, without work trees")
    parser.add_argument("--jobs", type=int, default=1, help="repositories generated at a time")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fixtures = sorted(name for name in os.listdir(FIXTURES) if os.path.isdir(os.path.join(FIXTURES, name)))
    # Framework apps with their own ios/ (the monorepo fixture is a workspace already).
    frameworks = sorted(name for name in os.listdir(FRAMEWORKS)
                        if os.path.isdir(os.path.join(FRAMEWORKS, name)) and name != "monorepo-workspace")
    repos_folder = os.path.join(args.destination, "repos")
    os.makedirs(repos_folder, exist_ok=True)

    # Every random choice first, in the order the generator has always made them, so a fleet is the
    # same for a seed whether its repositories are then made one at a time or several.
    jobs, entries = [], []
    for index in range(args.repos):
        kind = kind_of(index)
        name = f"{kind}-{index:03d}"
        picked = rng.sample(frameworks, 3) if kind == "monorepo" else None
        jobs.append((index, name, kind, picked, args, fixtures, frameworks, repos_folder))
        entries.append((name, TEAMS[rng.randrange(len(TEAMS))], "apps/" if kind == "monorepo" else None))
    if args.jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for _ in pool.map(make_repo, jobs, chunksize=8):
                pass
    else:
        for job in jobs:
            make_repo(job)

    with open(os.path.join(args.destination, "fleet.yaml"), "w") as config:
        config.write(f"# {args.repos} generated repositories (scripts/lib/generate_fleet.py, size {args.size}, seed {args.seed}).\n")
        config.write("version: 1\nfleet: { name: Bench Fleet, deadline: 2027-04-01 }\nworkspace: workspace\n")
        config.write("concurrency: { fetch: 4, scan: auto }\nrepos:\n")
        for name, team, paths in entries:
            config.write(f"  - url: repos/{name}\n    team: {team}\n")
            if paths:
                config.write(f"    paths: [{paths}]\n")


if __name__ == "__main__":
    main()
