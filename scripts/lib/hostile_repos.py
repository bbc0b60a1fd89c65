#!/usr/bin/env python3
"""Turns a git repository (with a work tree, committed) into one of the hostile repositories of
RELIABILITY.md by writing git objects by hand, as no git command would make them:

  deep-tree REPO [DEPTH]      a commit whose tree adds deep/d/d/.../d nested DEPTH folders (default
                              100,000), written as loose tree objects
  names REPO                  a commit whose tree adds entries named "..", ".", "a/../../etc" and a
                              duplicated "Shelf", each holding an app folder of the current tree
  plist-bomb FILE [LEVELS]    writes a binary plist whose arrays share their children: LEVELS levels of
                              [a, a] (default 45) under UIApplicationSceneManifest; 2^LEVELS when expanded
  truncated-blob REPO PATH    commits PATH as a loose blob whose zlib stream stops early: libgit2 1.5.1
                              never returns from reading it in full

Used by the tests (HostileFleetTests) and by scripts/hostile-scale."""
import hashlib
import os
import struct
import subprocess
import sys
import zlib

GIT_ENV = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="h", GIT_AUTHOR_EMAIL="h@example.com",
               GIT_COMMITTER_NAME="h", GIT_COMMITTER_EMAIL="h@example.com")


def git(repo, *args, data=None):
    result = subprocess.run(["git", *args], cwd=repo, env=GIT_ENV, input=data, capture_output=True, check=True)
    return result.stdout.decode().strip()


def write_object(repo, kind, body, compressed=None):
    raw = b"%s %d\0" % (kind, len(body)) + body
    digest = hashlib.sha1(raw).hexdigest()
    folder = os.path.join(repo, ".git", "objects", digest[:2])
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, digest[2:])
    if not os.path.exists(path):
        with open(path, "wb") as handle:
            handle.write(compressed if compressed is not None else zlib.compress(raw, 1))
    return digest


def tree(entries):
    """entries: (mode, name, hex id), written in the order given (git sorts; hostile trees need not)."""
    return b"".join(b"%s %s\0" % (mode, name) + bytes.fromhex(digest) for mode, name, digest in entries)


def head_tree_entries(repo):
    entries = []
    for line in git(repo, "ls-tree", "HEAD").splitlines():
        meta, name = line.split("\t", 1)
        mode, _, digest = meta.split()
        entries.append((mode.lstrip("0").encode(), name.encode(), digest))
    return entries


def commit_tree(repo, root, message):
    parent = git(repo, "rev-parse", "HEAD")
    body = b"tree %s\nparent %s\nauthor h <h@example.com> 1796018400 +0000\ncommitter h <h@example.com> 1796018400 +0000\n\n%s\n" % (
        root.encode(), parent.encode(), message.encode())
    commit = write_object(repo, b"commit", body)
    git(repo, "update-ref", "HEAD", commit)
    return commit


def deep_tree(repo, depth):
    blob = write_object(repo, b"blob", b"// the bottom\n")
    inner = write_object(repo, b"tree", tree([(b"100644", b"Bottom.swift", blob)]))
    for _ in range(depth - 1):
        inner = write_object(repo, b"tree", tree([(b"40000", b"d", inner)]))
    root = write_object(repo, b"tree", tree(head_tree_entries(repo) + [(b"40000", b"deep", inner)]))
    print(commit_tree(repo, root, "a tree %d folders deep" % depth))


def hostile_names(repo):
    entries = head_tree_entries(repo)
    folder = next(digest for mode, name, digest in entries if mode == b"40000" and not name.endswith(b".xcodeproj"))
    hostile = [(b"40000", b"..", folder), (b"40000", b".", folder), (b"40000", b"a/../../etc", folder)]
    duplicate = [entry for entry in entries if entry[2] == folder][:1]
    root = write_object(repo, b"tree", tree(entries + duplicate + hostile))
    print(commit_tree(repo, root, "hostile entry names"))


def plist_bomb(path, levels):
    objects = [b"\x51a"]  # the string "a"
    for level in range(1, levels + 1):
        objects.append(bytes([0xA2, level - 1, level - 1]))  # an array of the previous object, twice
    key = len(objects)
    name = b"UIApplicationSceneManifest"
    objects.append(bytes([0x5F, 0x10, len(name)]) + name)  # an ASCII string longer than 14: its length follows
    objects.append(bytes([0xD1, key, levels]))  # the top dict: { key: deepest array }
    body = b"bplist00"
    offsets = []
    for item in objects:
        offsets.append(len(body))
        body += item
    table = len(body)
    for offset in offsets:
        body += struct.pack(">H", offset)
    body += b"\0" * 6 + bytes([2, 1]) + struct.pack(">QQQ", len(objects), len(objects) - 1, table)
    with open(path, "wb") as handle:
        handle.write(body)


def truncated_blob(repo, relative, size=6000):
    content = b"a" * size
    raw = b"blob %d\0" % size + content
    digest = hashlib.sha1(raw).hexdigest()
    start = (b"blob %d\0" % size) + b"a" * 200
    # A zlib header, then one stored, non-final deflate block, then nothing.
    stream = bytes([0x78, 0x01, 0x00]) + struct.pack("<HH", len(start), len(start) ^ 0xFFFF) + start
    folder = os.path.join(repo, ".git", "objects", digest[:2])
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, digest[2:]), "wb") as handle:
        handle.write(stream)
    git(repo, "update-index", "--add", "--cacheinfo", "100644,%s,%s" % (digest, relative))
    git(repo, "commit", "-q", "-m", "a truncated blob")
    print(git(repo, "rev-parse", "HEAD"))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 64
    command, target = sys.argv[1], sys.argv[2]
    if command == "deep-tree":
        deep_tree(target, int(sys.argv[3]) if len(sys.argv) > 3 else 100_000)
    elif command == "names":
        hostile_names(target)
    elif command == "plist-bomb":
        plist_bomb(target, int(sys.argv[3]) if len(sys.argv) > 3 else 45)
    elif command == "truncated-blob":
        truncated_blob(target, sys.argv[3])
    else:
        print(__doc__, file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main())
