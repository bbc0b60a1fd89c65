#!/usr/bin/env bash
# Sweeps a fleet of three local git repositories inside the image scripts/image built, as its user
# 10001 with no network, then runs `daemon --once` (a second sweep: nothing changed upstream) and checks
# its metrics.prom with `promtool check metrics`. Uses podman when it can run a container here, else a
# chroot of the image's own root file system (umoci unpacks the same OCI archive); it says which.
#
#   bash scripts/lib/image-sweep.sh .build/image
set -euo pipefail
image_dir="$(cd "$1" && pwd)"
archive="$image_dir/scenesweep.oci.tar"
[ -f "$archive" ] || { echo "image-sweep: no $archive; run scripts/image first" >&2; exit 1; }
repo_root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
cleanup() {
    for mounted in "$scratch/rootfs/fleet" "$scratch/rootfs/var/lib/scenesweep" "$scratch/rootfs/etc/scenesweep" "$scratch/rootfs/dev" \
        "$scratch/rootfs/proc"; do
        mountpoint -q "$mounted" 2>/dev/null && umount "$mounted"
    done
    rm -rf "$scratch"
}
trap cleanup EXIT
[ -n "${IMAGE_SWEEP_KEEP:-}" ] && trap - EXIT && echo "keeping $scratch"

# The fleet: three bare repositories from the scan fixtures, one of them a monorepo with two apps.
mkdir -p "$scratch/fleet/git" "$scratch/workspace" "$scratch/etc"
git_() { git -c user.name=ci -c user.email=ci@example.com -c init.defaultBranch=main "$@"; }
for fixture in scan/legacy-swift-uikit scan/migrated-swift-uikit frameworks/monorepo-workspace; do
    name="$(basename "$fixture")"
    work="$scratch/work/$name"
    mkdir -p "$work"
    cp -R "$repo_root/Fixtures/$fixture/." "$work/"
    git_ -C "$work" init -q && git_ -C "$work" add -A && git_ -C "$work" commit -q -m "$name"
    git_ clone -q --bare "$work" "$scratch/fleet/git/$name.git"
done
cat > "$scratch/etc/fleet.yaml" <<YAML
version: 1
fleet: { name: Image Check, deadline: 2027-04-01 }
workspace: /var/lib/scenesweep
repos:
  - { url: /fleet/git/legacy-swift-uikit.git, team: commerce }
  - { url: /fleet/git/migrated-swift-uikit.git, team: commerce }
  - { url: /fleet/git/monorepo-workspace.git, team: platform }
YAML
# The image user owns the repositories, as git requires of a local repository (safe.directory).
chown -R 10001:10001 "$scratch/workspace" "$scratch/fleet"
chmod -R a+rX "$scratch/fleet" "$scratch/etc"

# Runs scenesweep inside the image with the fleet, config and workspace mounted; $runner says how.
runner=""
podman_() {
    podman --root "$scratch/podman/storage" --runroot "$scratch/podman/run" --storage-driver vfs --runtime "${PODMAN_RUNTIME:-runc}" "$@"
}
in_image() {
    if [ "$runner" = podman ]; then
        # Explicit limits: podman's defaults can exceed what this machine lets a process raise.
        podman_ run --rm --network none --ulimit nofile=4096:4096 --ulimit nproc=4096:4096 \
            -v "$scratch/fleet:/fleet:ro" -v "$scratch/etc:/etc/scenesweep:ro" -v "$scratch/workspace:/var/lib/scenesweep" \
            "scenesweep:$version" "$@"
    else
        chroot --userspec=10001:10001 "$scratch/rootfs" /usr/bin/env -i HOME=/var/lib/scenesweep \
            SCENESWEEP_CONFIG=/etc/scenesweep/fleet.yaml /bin/sh -c 'cd /var/lib/scenesweep && exec /usr/local/bin/scenesweep "$@"' \
            scenesweep "$@"
    fi
}
# The archive's one image, as scripts/image tagged it: scenesweep:VERSION.
reference="$(tar -xOf "$archive" index.json | python3 -c 'import json,sys; print(json.load(sys.stdin)["manifests"][0]["annotations"]["org.opencontainers.image.ref.name"])')"
version="${reference##*:}"
# IMAGE_SWEEP_RUNNER=chroot skips podman (to check the fallback itself).
if [ "${IMAGE_SWEEP_RUNNER:-}" != chroot ] && command -v podman >/dev/null && podman_ load -q -i "$archive" >/dev/null 2>&1 && runner=podman && in_image --version >/dev/null 2>&1; then
    echo "image-sweep: running the image with podman ($(podman --version))"
else
    runner=chroot
    echo "image-sweep: podman cannot run a container here (or IMAGE_SWEEP_RUNNER=chroot); running the image's root file system in a chroot"
    command -v umoci >/dev/null || { echo "image-sweep: needs umoci (apt-get install umoci)" >&2; exit 1; }
    mkdir -p "$scratch/oci"
    tar -xf "$archive" -C "$scratch/oci"
    umoci raw unpack --image "$scratch/oci:$reference" "$scratch/rootfs"
    mkdir -p "$scratch/rootfs/fleet"
    mount --bind "$scratch/fleet" "$scratch/rootfs/fleet"
    mount --bind "$scratch/workspace" "$scratch/rootfs/var/lib/scenesweep"
    mount --bind "$scratch/etc" "$scratch/rootfs/etc/scenesweep"
    mount --bind /dev "$scratch/rootfs/dev"
    # Swift reads its arguments from /proc/self/cmdline: without /proc a Swift program sees none.
    mount -t proc proc "$scratch/rootfs/proc"
fi

echo "image-sweep: scenesweep --version: $(in_image --version)"
# No --config: the image's SCENESWEEP_CONFIG names the mounted /etc/scenesweep/fleet.yaml.
in_image sweep --quiet | tee "$scratch/sweep.out"
run="$(cat "$scratch/workspace/latest")"
python3 - "$scratch/workspace/runs/$run" <<'PY'
import json, os, sys
run = sys.argv[1]
record = json.load(open(os.path.join(run, "run.json")))
summary = json.load(open(os.path.join(run, "summary.json")))
statuses = [repo["status"] for repo in record["repos"]]
assert statuses == ["scanned"] * 3, f"expected three scanned repositories, got {statuses}"
totals = {name: summary[name] for name in ("apps", "blocked", "ready")}
assert totals["apps"] >= 4 and totals["blocked"] >= 1 and totals["ready"] >= 1, f"unexpected totals {totals}"
for name in ("summary.html", "summary.md", "apps.csv", "diff.json"):
    assert os.path.getsize(os.path.join(run, name)) > 0, name
for repo in record["repos"]:
    assert os.path.getsize(os.path.join(run, "repos", repo["key"] + ".sarif")) > 0
print(f"image-sweep: run {record['id']}: {len(statuses)} repositories scanned, {totals['apps']} apps, "
      f"{totals['blocked']} blocked, {totals['ready']} ready")
PY
in_image daemon --once --log-format json 2>"$scratch/daemon.log" || { cat "$scratch/daemon.log" >&2; exit 1; }
grep -q '"sweep.finished"' "$scratch/daemon.log" || { cat "$scratch/daemon.log" >&2; echo "image-sweep: no sweep.finished event" >&2; exit 1; }
[ "$(stat -c %u "$scratch/workspace/metrics.prom")" = 10001 ] || { echo "image-sweep: metrics.prom is not the image user's" >&2; exit 1; }
promtool check metrics < "$scratch/workspace/metrics.prom"
echo "image-sweep: metrics.prom passes promtool check metrics ($(grep -c '^scenesweep_' "$scratch/workspace/metrics.prom") samples)"
echo "image-sweep: passed ($runner)"
