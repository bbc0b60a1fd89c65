#!/usr/bin/env python3
"""The benchmarks behind scripts/bench: scenesweep against what a team would otherwise run, on this
machine, with hyperfine medians. `all` runs everything and writes BENCHMARKS.md.

    bench.py BIN [all] [--repo PATH]...   every figure below, side by side, into BENCHMARKS.md
    bench.py BIN scan [FILES]             one large generated repository: scan vs ripgrep vs semgrep
    bench.py BIN real --repo PATH...      real checkouts: scan vs ripgrep, wall and CPU, phases, instructions
    bench.py BIN monorepo [FILES]         20 framework apps sharing FILES sources vs one app with them
    bench.py BIN sweep [REPOS]            cold / unchanged / one-changed sweeps vs git clone + ripgrep (local)
    bench.py BIN network [REPOS]          the same fleet over a local git server with latency and a bandwidth cap
    bench.py BIN memory                   peak RSS of sweeps over 200, 1,000 and 10,000 repositories
    bench.py BIN fleet10k                 10,000 repositories: run size, history, dashboard and diff, 10-shard merge
    bench.py BIN scaling                  a sweep and its scan phase with concurrency.scan 1 vs 2
    bench.py BIN descriptions [FILES]     one app as .xcodeproj vs XcodeGen vs Tuist vs Bazel: callgrind and wall clock

Generated inputs live in bench-out/ and are reused while their generator is unchanged."""
import argparse
import hashlib
import json
import os
import shlex
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "bench-out")
LIB = os.path.join(ROOT, "scripts", "lib")
SEMGREP_RULES = os.path.join(LIB, "semgrep-rules.yaml")


def run(args, **kwargs):
    return subprocess.run(args, check=True, **kwargs)


def output(args):
    try:
        return subprocess.run(args, check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "not available"


def stamp(*paths):
    """A hash of the generators, so that a cached input is rebuilt when they change."""
    digest = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as handle:
            digest.update(handle.read())
    return digest.hexdigest()[:12]


def cached(folder, generators, make):
    marker = os.path.join(folder, ".generator")
    wanted = stamp(*generators)
    if os.path.exists(marker) and open(marker).read() == wanted:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    print(f"generating {os.path.relpath(folder, ROOT)}…", file=sys.stderr)
    make(folder)
    with open(marker, "w") as handle:
        handle.write(wanted)
    return folder


def tree(files):
    generator = os.path.join(LIB, "generate_tree.py")
    return cached(os.path.join(OUT, f"tree-{files}"), [generator],
                  lambda folder: run([sys.executable, generator, folder, "--files", str(files)]))


def monorepo(files, apps=20):
    generator = os.path.join(LIB, "generate_tree.py")
    return cached(os.path.join(OUT, f"monorepo-{files}-{apps}"), [generator],
                  lambda folder: run([sys.executable, generator, folder, "--files", str(files), "--apps", str(apps)]))


def fleet(repos, size=2000, bare=False):
    """A generated fleet; `bare` ones have no work trees (as a git host keeps them) and take a fifth of the disk."""
    generators = [os.path.join(LIB, "generate_fleet.py"), os.path.join(LIB, "generate_tree.py")]
    extra = ["--bare"] if bare else []
    return cached(os.path.join(OUT, f"fleet-{repos}-{size}" + ("-bare" if bare else "")), generators,
                  lambda folder: run([sys.executable, generators[0], folder, "--repos", str(repos), "--size", str(size),
                                      "--jobs", str(os.cpu_count() or 1), *extra], stdout=subprocess.DEVNULL))


def hyperfine(name, commands, runs=10, warmup=1):
    """Median, mean and σ per command name; `commands` maps a name to (command, prepare)."""
    export = os.path.join(OUT, f"{name}.json")
    args = ["hyperfine", "--style", "basic", "--runs", str(runs), "--warmup", str(warmup), "--export-json", export]
    for label, (command, prepare) in commands.items():
        args += ["--prepare", prepare or "true", "-n", label, command]
    run(args, stdout=subprocess.DEVNULL)
    results = json.load(open(export))["results"]
    return {r["command"]: r for r in results}


def tree_memory(root, proportional=False):
    """Resident bytes of a process and all its descendants, from /proc; with `proportional`, also their
    proportional set size (PSS: each shared page divided among the processes that map it). Summed RSS
    counts the executable's and libraries' pages once per process: a sweep worker maps 30-35 MB of them."""
    children, rss, pss = {}, {}, {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/statm") as handle:
                rss[int(entry)] = int(handle.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    total, shared_out, pending = 0, 0, [root]
    while pending:
        pid = pending.pop()
        total += rss.get(pid, 0)
        if proportional:
            try:
                with open(f"/proc/{pid}/smaps_rollup") as handle:
                    shared_out += next(int(line.split()[1]) * 1024 for line in handle if line.startswith("Pss:"))
            except (OSError, StopIteration, ValueError):
                pass
        pending += children.get(pid, [])
    return total, shared_out


def peak_rss(command, cwd=None):
    """Peak resident memory in MB of one run, its wall time in seconds, and the peaks of all its processes
    together in MB, summed RSS and summed PSS: the sweep fetches and scans in worker processes, and
    /usr/bin/time reports only the largest single process, so the whole tree is also sampled from /proc,
    RSS every 20 ms and PSS every 200 ms after the first second (reading smaps_rollup takes each process's
    memory-map lock)."""
    start = time.monotonic()
    process = subprocess.Popen(["/usr/bin/time", "-v", "sh", "-c", command], cwd=cwd, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    peak_tree, peak_pss, samples = 0, 0, 0
    while process.poll() is None:
        # Every sample of the first second (a sweep with nothing to do is over in a fraction of one).
        tree, pss = tree_memory(process.pid, proportional=samples < 50 or samples % 10 == 0)
        peak_tree, peak_pss, samples = max(peak_tree, tree), max(peak_pss, pss), samples + 1
        time.sleep(0.02)
    stderr = process.stderr.read()
    elapsed = time.monotonic() - start
    for line in stderr.splitlines():
        if "Maximum resident set size" in line:
            return int(line.split(":")[1]) / 1024, elapsed, peak_tree / 1e6, peak_pss / 1e6
    raise RuntimeError(f"no RSS for {command}: {stderr[-500:]}")


def count_files(folder):
    files, size = 0, 0
    for base, _, names in os.walk(folder):
        if "/.git" in base or base.endswith(".git"):
            continue
        for name in names:
            files += 1
            size += os.path.getsize(os.path.join(base, name))
    return files, size


def ms(result):
    return f"{result['median'] * 1000:.0f} ms"


def seconds(result):
    return f"{result['median']:.2f} s"


# ---------------------------------------------------------------------------------------------------


def machine():
    cpu = "unknown"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    memory = next((line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal")), "0")
    release = dict(line.rstrip().split("=", 1) for line in open("/etc/os-release") if "=" in line)
    return [
        f"- CPU: {cpu}, {os.cpu_count()} cores; {int(memory) / 1024 / 1024:.0f} GiB RAM",
        f"- OS: {release.get('PRETTY_NAME', '?').strip(chr(34))}, Linux {platform.release()}",
        f"- {output(['swift', '--version']).splitlines()[0] if output(['swift', '--version']) else 'swift ?'}",
        f"- {output(['rg', '--version']).splitlines()[0]}, {output(['hyperfine', '--version'])}, "
        f"semgrep {output(['semgrep', '--version'])}, {output(['git', '--version'])}",
    ]


def bench_scan(binary, files=10000, semgrep_runs=3):
    folder = tree(files)
    anchors = os.path.join(OUT, "anchors.txt")
    with open(anchors, "w") as handle:
        handle.write(output([binary, "rules", "--format", "anchors"]) + "\n")
    count, size = count_files(folder)
    results = hyperfine("scan", {
        "scenesweep scan": (f"{binary} scan {folder} --format json --output /dev/null --fail-on never --quiet", None),
        "rg (rule literals)": (f"rg --fixed-strings --file {anchors} --count {folder}", None),
    }, runs=10, warmup=2)
    # semgrep reads .gitignore; bench-out/ is ignored, so it must be told to look anyway.
    semgrep = hyperfine("semgrep", {
        "semgrep (5 rules)": (f"semgrep --metrics=off --disable-version-check --no-git-ignore --quiet "
                              f"--config {SEMGREP_RULES} --json --output /dev/null {folder}", None),
    }, runs=semgrep_runs, warmup=0)
    results.update(semgrep)
    scan, rg, sg = results["scenesweep scan"], results["rg (rule literals)"], results["semgrep (5 rules)"]
    lines = [
        f"One repository: {count} files, {size / 1e6:.1f} MB (`scripts/lib/generate_tree.py --files {files}`, seed 27).",
        "",
        "| | median | mean ± σ | files/s |",
        "|---|---|---|---|",
    ]
    for label in ("scenesweep scan", "rg (rule literals)", "semgrep (5 rules)"):
        r = results[label]
        lines.append(f"| {label} | {ms(r)} | {r['mean'] * 1000:.0f} ± {r['stddev'] * 1000:.0f} ms | {count / r['median']:,.0f} |")
    lines += [
        "",
        f"- scan / ripgrep: **{scan['median'] / rg['median']:.2f}x** (target: at most 3x)",
        f"- semgrep / scan: **{sg['median'] / scan['median']:.0f}x** (target: scenesweep at least 10x faster); semgrep runs five"
        " Swift rules (`scripts/lib/semgrep-rules.yaml`), scenesweep all of its rules over Swift and Objective-C",
    ]
    return lines, {"scan/rg": scan["median"] / rg["median"], "semgrep/scan": sg["median"] / scan["median"]}


def source_count(folder):
    count = 0
    for base, names, files in os.walk(folder):
        names[:] = [name for name in names if name != ".git"]
        count += sum(1 for name in files if name.endswith((".swift", ".m", ".mm", ".h")))
    return count


def trace_lines(stderr):
    """The `SCENESWEEP_TRACE` phase lines in a run's standard error, as "LABEL: N ms"."""
    return [line.removeprefix("trace: ") for line in stderr.splitlines() if line.startswith("trace: ")]


def lap_seconds(stderr, label):
    """Seconds of the last phase whose label starts with `label`, or None."""
    found = [line for line in trace_lines(stderr) if line.startswith(label) and line.endswith(" ms")]
    return int(found[-1].rsplit(": ", 1)[1].removesuffix(" ms")) / 1000 if found else None


def trace_phases(command):
    """The `SCENESWEEP_TRACE` phase lines of one run."""
    result = subprocess.run(["sh", "-c", command], env=dict(os.environ, SCENESWEEP_TRACE="1"), capture_output=True, text=True)
    return trace_lines(result.stderr)


def bench_real(binary, paths):
    """Real checkouts: the scan against ripgrep over the rules' literals, in wall and CPU time."""
    anchors = os.path.join(OUT, "anchors.txt")
    with open(anchors, "w") as handle:
        handle.write(output([binary, "rules", "--format", "anchors"]) + "\n")
    rows, details, ratios = [], [], {}
    for path in paths:
        path = os.path.abspath(path)
        name = os.path.basename(path.rstrip("/"))
        scan = f"{binary} scan {path} --format json --output /dev/null --fail-on never --quiet"
        rg = f"rg --fixed-strings --file {anchors} --count {path}"
        results = hyperfine(f"real-{name}", {"scan": (scan, None), "rg": (rg, None)}, runs=15, warmup=3)
        s, r = results["scan"], results["rg"]
        scan_cpu, rg_cpu = s["user"] + s["system"], r["user"] + r["system"]
        count, size = count_files(path)
        commit = output(["git", "-C", path, "rev-parse", "--short=12", "HEAD"])
        summary = output(["sh", "-c", f"{binary} scan {path} --format text --fail-on never 2>/dev/null | tail -1"])
        apps = summary.split(";")[0] if "app" in summary else "?"
        executed = instructions(shlex.split(scan))
        wall_ratio, cpu_ratio = s["median"] / r["median"], scan_cpu / rg_cpu
        ratios[name] = (wall_ratio, cpu_ratio)
        rows.append(f"| {name} @ {commit} | {count:,} | {source_count(path):,} | {apps} | {ms(s)} | {ms(r)} | **{wall_ratio:.2f}x** "
                    f"| {scan_cpu * 1000:.0f} ms | {rg_cpu * 1000:.0f} ms | **{cpu_ratio:.2f}x** | "
                    + (f"{executed / 1e6:,.0f} M" if executed else "n/a") + " |")
        details.append(f"- {name}: " + "; ".join(trace_phases(scan)))
    return [
        "Real checkouts (see the README's *Benchmarks on real apps* for how to fetch them), warm cache: `scenesweep scan`"
        " against `rg` over the rules' literals. CPU is user + system time (hyperfine means); instructions are"
        " callgrind's count for one scan, all threads, which does not move with the machine's load.",
        "",
        "| repository | files | sources | apps | scan | rg | wall ratio | scan CPU | rg CPU | CPU ratio | instructions |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        "Targets: wall ratio at most **2x**, CPU ratio at most **4x**. Where each scan spends its time (`SCENESWEEP_TRACE=1`, one run):",
        "",
        *details,
    ], {"real": ratios}


def bench_monorepo(binary, files=10000):
    one, mono = tree(files), monorepo(files)
    results = hyperfine("monorepo", {
        "one app": (f"{binary} scan {one} --format json --output /dev/null --fail-on never --quiet", None),
        "20 apps": (f"{binary} scan {mono} --format json --output /dev/null --fail-on never --quiet", None),
    }, runs=10, warmup=2)
    ratio = results["20 apps"]["median"] / results["one app"]["median"]
    return [
        f"A JavaScript-workspace monorepo of 20 framework apps sharing {files} sources, against one app with the same sources:",
        "",
        "| | median |",
        "|---|---|",
        f"| one app | {ms(results['one app'])} |",
        f"| 20 apps | {ms(results['20 apps'])} |",
        "",
        f"- 20 apps / one app: **{ratio:.2f}x** (each file is read and lexed once, whatever the number of apps)",
    ], {"monorepo": ratio}


def descriptions(files):
    generator = os.path.join(LIB, "generate_descriptions.py")
    return cached(os.path.join(OUT, f"descriptions-{files}"), [generator],
                  lambda folder: run([sys.executable, generator, folder, "--files", str(files)]))


def without_debug_info(binary):
    """A copy of the binary without its DWARF: valgrind 3.19 cannot read the DWARF 5 forms the Swift
    toolchain writes and gives up, and counting instructions needs no symbols."""
    copy = os.path.join(OUT, "scenesweep-for-callgrind")
    if not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(binary):
        run(["objcopy", "--strip-debug", binary, copy])
    return copy


def instructions(command):
    """Instructions executed by one run under callgrind: repeatable on a loaded, shared machine."""
    command = [without_debug_info(command[0]), *command[1:]]
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                            capture_output=True, text=True)
    for line in result.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    raise RuntimeError(f"no callgrind total for {command}: {result.stderr[-500:]}")


def sweep_instructions(binary, config, workspace, extra=()):
    """Instructions of one cold sweep under callgrind, every process counted (the sweep's workers and the git
    it runs): what the work costs, whatever else the machine is doing."""
    shutil.rmtree(workspace, ignore_errors=True)
    command = [without_debug_info(binary), "sweep", "--config", config, "--quiet", *extra]
    # One log per process: a child's standard error may be a pipe its parent reads (git's is).
    logs = tempfile.mkdtemp(prefix="scenesweep-callgrind-")
    try:
        subprocess.run(["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null",
                        f"--log-file={logs}/%p.log", *command], capture_output=True, text=True)
        totals = []
        for name in os.listdir(logs):
            with open(os.path.join(logs, name)) as handle:
                totals += [int(line.split(":")[-1].strip()) for line in handle if "Collected :" in line]
    finally:
        shutil.rmtree(logs, ignore_errors=True)
    if not totals:
        raise RuntimeError(f"no callgrind total for {command}")
    return sum(totals), len(totals)


def bench_descriptions(binary, files=2000):
    """One app with FILES sources described four ways; the same report is required of each."""
    folder = descriptions(files)
    kinds = ["xcodeproj", "xcodegen", "tuist", "bazel"]
    reports = {}
    for kind in kinds:
        # Paths relative to each description's own folder (bench-out/ sits inside this repository, whose
        # root scan would otherwise take), so the four trees' fingerprints can be compared.
        tree = os.path.join(folder, kind)
        text = output([binary, "scan", tree, "--root", tree, "--format", "json", "--fail-on", "never", "--quiet"])
        document = json.loads(text)
        reports[kind] = [(app["verdict"], sorted(f["fingerprint"] for f in app["findings"])) for app in document["apps"]]
    if any(reports[kind] != reports["xcodeproj"] for kind in kinds):
        raise RuntimeError(f"the four descriptions give different reports: {reports}")
    scan = lambda kind: [binary, "scan", os.path.join(folder, kind), "--format", "json", "--output", "/dev/null",
                         "--fail-on", "never", "--quiet", "--jobs", "1"]
    counts = {kind: instructions(scan(kind)) for kind in kinds}
    timed = hyperfine("descriptions", {kind: (" ".join(scan(kind)), None) for kind in kinds}, runs=10, warmup=2)
    worst = max(counts[kind] / counts["xcodeproj"] for kind in kinds[1:])
    lines = [
        f"One app with {files} Swift sources, described as a committed `.xcodeproj` (every file listed in project.pbxproj),"
        " an XcodeGen `project.yml`, a Tuist `Project.swift` and a Bazel `BUILD.bazel` (`scripts/lib/generate_descriptions.py`):"
        " each gives the same apps, verdicts and finding fingerprints (checked before measuring). Instructions are counted by"
        " `valgrind --tool=callgrind` over one whole `scan --jobs 1` (repeatable on a shared machine); wall clock is a"
        " side-by-side hyperfine median in the same run.",
        "",
        "| described as | instructions | vs .xcodeproj | median wall clock |",
        "|---|---:|---:|---:|",
    ]
    for kind in kinds:
        lines.append(f"| {kind} | {counts[kind]:,} | {counts[kind] / counts['xcodeproj']:.3f}x | {ms(timed[kind])} |")
    lines += ["", f"- most expensive description / .xcodeproj: **{worst:.3f}x** instructions (target: at most 1.0x)"]
    return lines, {"descriptions": worst}


def sweep_command(binary, config, extra=""):
    return f"{binary} sweep --config {config} --quiet {extra}"


def bench_sweep(binary, repos=200, runs=5):
    folder = fleet(repos)
    config = os.path.join(folder, "fleet.yaml")
    workspace = os.path.join(folder, "workspace")
    anchors = os.path.join(OUT, "anchors.txt")
    with open(anchors, "w") as handle:
        handle.write(output([binary, "rules", "--format", "anchors"]) + "\n")
    repos_folder = os.path.join(folder, "repos")
    changed = sorted(name for name in os.listdir(repos_folder) if name.startswith("small-"))[-1]
    change = os.path.join(OUT, "change-one-repo")
    with open(change, "w") as handle:
        handle.write(f'#!/bin/sh\ncd "{repos_folder}/{changed}" && echo "// $(date +%s%N)" >> README.md && '
                     "git -c user.name=bench -c user.email=bench@example.com -c gc.auto=0 commit -qam change\n")
    os.chmod(change, 0o755)
    # The baseline: what a team would script without us. Clone every repository (a plain local path, like
    # the sweep's mirrors) and search it for the same literals, two at a time on this two-core machine.
    clones = os.path.join(OUT, "baseline-clones")
    baseline = os.path.join(OUT, "clone-and-rg")
    with open(baseline, "w") as handle:
        handle.write(f'#!/bin/sh\nrm -rf "{clones}" && mkdir -p "{clones}"\n'
                     f'ls "{repos_folder}" | xargs -P 2 -I{{}} sh -c \'git clone -q --mirror "{repos_folder}/{{}}" "{clones}/{{}}.git" && '
                     f'git clone -q "{clones}/{{}}.git" "{clones}/{{}}" && rg --fixed-strings --file {anchors} --count "{clones}/{{}}" > /dev/null; true\'\n')
    os.chmod(baseline, 0o755)
    sweep = sweep_command(binary, config)
    results = hyperfine("sweep", {
        "cold sweep": (sweep, f"rm -rf {workspace}"),
        "git clone --mirror + checkout + rg": (baseline, None),
        "unchanged sweep": (sweep, None),
        "one repository changed": (sweep, change),
    }, runs=runs, warmup=0)
    last = output(["sh", "-c", sweep]).splitlines()
    apps = next((line.split(";")[0] for line in last if " apps:" in line), "?")
    cold, base = results["cold sweep"], results["git clone --mirror + checkout + rg"]
    unchanged, one = results["unchanged sweep"], results["one repository changed"]
    lines = [
        f"A fleet of {repos} local git repositories, {apps} (`scripts/make-fleet {repos}`: large and medium Swift/Objective-C"
        " codebases, framework monorepos with a vendored `node_modules/`, small apps some with `Pods/`).",
        "",
        "| | median | mean ± σ | repositories/hour |",
        "|---|---|---|---|",
    ]
    for label, r in (("cold sweep", cold), ("git clone --mirror + checkout + rg", base), ("unchanged sweep", unchanged),
                     ("one repository changed", one)):
        lines.append(f"| {label} | {seconds(r)} | {r['mean']:.2f} ± {r['stddev']:.2f} s | {repos / r['median'] * 3600:,.0f} |")
    lines += [
        "",
        f"- cold sweep / clone + rg baseline: **{cold['median'] / base['median']:.2f}x** (target: at most 1.5x); the sweep also"
        " discovers apps, runs every rule, diffs against the previous run and writes every report",
        f"- unchanged / cold: **{unchanged['median'] / cold['median'] * 100:.1f}%** (target: at most 5%)",
        f"- one repository changed / cold: **{one['median'] / cold['median'] * 100:.1f}%** (only `{changed}` rescanned)",
        "",
        "The repositories are packed, as a git host serves them, and cloned from local paths, which copies"
        " their packs: a clone here costs milliseconds where a network clone costs seconds, so this cold sweep"
        " is close to its scan-only floor and the ratios above are the least favourable a real fleet would"
        " see. The unchanged sweep is a near-fixed cost: asking each upstream for its branch tip (about 0.3 ms"
        " a repository here, four at a time), diffing, and writing the run's reports.",
    ]
    return lines, {"cold/baseline": cold["median"] / base["median"], "unchanged/cold": unchanged["median"] / cold["median"],
                   "repos/hour": repos / cold["median"] * 3600}


def bench_patches(binary, repos=200, rounds=4, latency_ms=30, bandwidth_mbit=100, fetch=4):
    """A cold sweep with `--patches` (fix's verified patch, or explanation, for every blocked app) against one without,
    twice: cloned from local paths (the sweep's floor, where a clone costs milliseconds) and from the git server with
    the network section's latency and bandwidth (what a nightly sweep pays: libgit2 receives and indexes each pack)."""
    folder = fleet(repos)
    rows, ratios = [], {}

    def measure(label, config, workspace):
        plain, patched = sweep_command(binary, config), sweep_command(binary, config, "--patches")
        # Taking turns within each round: this machine's speed drifts more between minutes than the difference.
        timed = alternated({"cold": (plain, f"rm -rf {workspace}"), "patches": (patched, f"rm -rf {workspace}")}, rounds)
        # Wall clock on a shared two-core machine moves by tens of percent from run to run; instructions do not.
        plain_count, plain_processes = sweep_instructions(binary, config, workspace)
        patched_count, patched_processes = sweep_instructions(binary, config, workspace, ["--patches"])
        wall = timed["patches"]["median"] / timed["cold"]["median"] - 1
        counted = patched_count / plain_count - 1
        for name, figures, count, processes in (("cold sweep", timed["cold"], plain_count, plain_processes),
                                                 ("cold sweep --patches", timed["patches"], patched_count, patched_processes)):
            rows.append(f"| {label} | {name} | {figures['median']:.2f} s | {figures['min']:.2f}-{figures['max']:.2f} s"
                        f" | {count / 1e9:.2f} G ({processes} processes) |")
        ratios[label] = (wall, counted)
        return workspace

    workspace = measure("local paths", os.path.join(folder, "fleet.yaml"), os.path.join(folder, "workspace"))
    run_folder = os.path.join(workspace, "runs", open(os.path.join(workspace, "latest")).read().strip())
    decisions = patches = 0
    for root, _, files in os.walk(os.path.join(run_folder, "patches")):
        decisions += sum(1 for name in files if name.endswith(".json"))
        patches += sum(1 for name in files if name.endswith(".patch"))
    with GitServer(served_fleet(folder), latency_ms, bandwidth_mbit, os.path.join(OUT, "git-server.log")) as server:
        config, network_workspace = http_config(folder, server.port, fetch, "http-patches")
        measure(f"network ({latency_ms} ms, {bandwidth_mbit} Mbit/s)", config, network_workspace)
    shutil.rmtree(network_workspace, ignore_errors=True)

    lines = [
        f"The fleet of {repos} repositories above, cold each time; `--patches` decides every blocked app: {patches} verified"
        f" patches and {decisions - patches} explanations, each patch checked by git apply --check and a re-scan. Twice:"
        f" cloned from local paths, and over the network section's server ({latency_ms} ms a request, {bandwidth_mbit} Mbit/s,"
        f" `concurrency.fetch: {fetch}`); the two commands take turns, {rounds} rounds after one not counted.",
        "",
        "| cloned from | | median | range | instructions (callgrind, every process) |",
        "|---|---|---|---|---|",
        *rows,
        "",
    ]
    for label, (wall, counted) in ratios.items():
        lines.append(f"- producing the patches / cold sweep, {label}: **{wall * 100:.1f}%** of the wall time,"
                     f" **{counted * 100:.1f}%** of the instructions (target: less than 20%)")
    local, network = ratios["local paths"], list(ratios.values())[1]
    return lines, {"patches/cold": local[0], "patches/cold instructions": local[1],
                   "patches/cold network": network[0], "patches/cold network instructions": network[1]}


class GitServer:
    """scripts/lib/git_http_server.py serving `root` for the length of a `with` block."""

    def __init__(self, root, latency_ms, bandwidth_mbit, log):
        self.args = [sys.executable, os.path.join(LIB, "git_http_server.py"), root, "--latency-ms", str(latency_ms),
                     "--bandwidth-mbit", str(bandwidth_mbit), "--log", log]
        self.log = log

    def __enter__(self):
        open(self.log, "w").close()
        self.process = subprocess.Popen(self.args, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())
        return self

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait()

    def requests(self):
        with open(self.log) as handle:
            return sum(1 for _ in handle)


def served_fleet(folder):
    """A folder of `<name>.git` links to the fleet's repositories, for the git server."""
    served = os.path.join(folder, "served")
    if not os.path.isdir(served):
        os.makedirs(served)
        repos_folder = os.path.join(folder, "repos")
        for name in sorted(os.listdir(repos_folder)):
            gitdir = os.path.join(repos_folder, name, ".git")
            os.symlink(gitdir if os.path.isdir(gitdir) else os.path.join(repos_folder, name), os.path.join(served, name + ".git"))
    return served


def http_config(folder, port, fetch, name):
    """The fleet's config with every repository at the git server, and a workspace of its own."""
    text = open(os.path.join(folder, "fleet.yaml")).read()
    text = text.replace("workspace: workspace", f"workspace: workspace-{name}")
    text = text.replace("concurrency: { fetch: 4, scan: auto }", f"concurrency: {{ fetch: {fetch}, scan: auto }}")
    lines = [f"  - url: http://127.0.0.1:{port}/{line.split('repos/', 1)[1]}.git" if line.startswith("  - url: repos/") else line
             for line in text.splitlines()]
    path = os.path.join(folder, f"fleet-{name}.yaml")
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return path, os.path.join(folder, f"workspace-{name}")


def bench_network(binary, repos=200, latency_ms=30, bandwidth_mbit=100, fetch=4):
    """The sweep against plain git over the same local smart-HTTP server, which adds a round trip's
    latency to every request and shares one bandwidth cap among all transfers."""
    folder = fleet(repos)
    served = served_fleet(folder)
    names = sorted(name[:-4] for name in os.listdir(served))
    pack_bytes = sum(du(os.path.join(served, name + ".git", "objects")) for name in names)
    log = os.path.join(OUT, "git-server.log")
    git_env = "GIT_TERMINAL_PROMPT=0 GIT_CONFIG_NOSYSTEM=1"
    with GitServer(served, latency_ms, bandwidth_mbit, log) as server:
        base = f"http://127.0.0.1:{server.port}"
        config, workspace = http_config(folder, server.port, fetch, "http")
        clones = os.path.join(OUT, "network-clones")
        listing = " ".join(names)

        def clone_all(jobs):
            return (f"rm -rf {clones} && mkdir -p {clones} && printf '%s\\n' {listing} | "
                    f"{git_env} xargs -P {jobs} -I{{}} git clone -q --mirror {base}/{{}}.git {clones}/{{}}.git")

        ls_remote = f"printf '%s\\n' {listing} | {git_env} xargs -P {fetch} -I{{}} git ls-remote {base}/{{}}.git refs/heads/main > /dev/null"
        changed = sorted(name for name in names if name.startswith("small-"))[-1]
        change = os.path.join(OUT, "change-one-served-repo")
        with open(change, "w") as handle:
            handle.write(f'#!/bin/sh\ncd "{folder}/repos/{changed}" && echo "// $(date +%s%N)" >> README.md && '
                         "git -c user.name=bench -c user.email=bench@example.com -c gc.auto=0 commit -qam change\n")
        os.chmod(change, 0o755)
        sweep = sweep_command(binary, config)

        # Round trips: one run of each, counted in the server's log.
        counts = {}
        for label, command in (("git clone --mirror", clone_all(fetch)), ("cold sweep", f"rm -rf {workspace} && {sweep}"),
                               ("git ls-remote", ls_remote), ("unchanged sweep", sweep)):
            before = server.requests()
            run(["sh", "-c", command], stdout=subprocess.DEVNULL)
            counts[label] = (server.requests() - before) / len(names)

        results = hyperfine("network", {
            f"git clone --mirror, {fetch} at a time": (clone_all(fetch), None),
            "cold sweep": (sweep, f"rm -rf {workspace}"),
            f"git ls-remote, {fetch} at a time": (ls_remote, None),
            "unchanged sweep": (sweep, None),
            "one repository changed": (sweep, change),
        }, runs=5, warmup=0)

        # How concurrency.fetch moves the cold sweep at this latency, against git at the same concurrency.
        scaling_rows = []
        for jobs in (2, 4, 8, 16):
            config_jobs, workspace_jobs = http_config(folder, server.port, jobs, f"http-{jobs}")
            by_jobs = hyperfine(f"network-{jobs}", {
                "sweep": (sweep_command(binary, config_jobs), f"rm -rf {workspace_jobs}"),
                "clone": (clone_all(jobs), None),
            }, runs=3, warmup=0)
            scaling_rows.append(f"| {jobs} | {seconds(by_jobs['sweep'])} | {seconds(by_jobs['clone'])} | "
                                f"{by_jobs['sweep']['median'] / by_jobs['clone']['median']:.2f}x |")
            shutil.rmtree(workspace_jobs, ignore_errors=True)
        shutil.rmtree(clones, ignore_errors=True)

    clone, cold = results[f"git clone --mirror, {fetch} at a time"], results["cold sweep"]
    listing_result, unchanged, one = results[f"git ls-remote, {fetch} at a time"], results["unchanged sweep"], results["one repository changed"]
    lines = [
        f"The fleet of {repos} repositories ({pack_bytes / 1e6:.0f} MB of packs) served by `scripts/lib/git_http_server.py`"
        f" (`git http-backend` on loopback) with **{latency_ms} ms** added to every request and one shared"
        f" **{bandwidth_mbit} Mbit/s** link; the sweep at `concurrency.fetch: {fetch}` against git at the same concurrency"
        " (`xargs -P`), side by side in one run:",
        "",
        "| | median | mean ± σ | requests per repository |",
        "|---|---|---|---|",
        f"| git clone --mirror of every repository | {seconds(clone)} | {clone['mean']:.2f} ± {clone['stddev']:.2f} s | {counts['git clone --mirror']:.1f} |",
        f"| cold sweep (clone, scan, diff, reports) | {seconds(cold)} | {cold['mean']:.2f} ± {cold['stddev']:.2f} s | {counts['cold sweep']:.1f} |",
        f"| git ls-remote of every repository | {seconds(listing_result)} | {listing_result['mean']:.2f} ± {listing_result['stddev']:.2f} s | {counts['git ls-remote']:.1f} |",
        f"| unchanged sweep | {seconds(unchanged)} | {unchanged['mean']:.2f} ± {unchanged['stddev']:.2f} s | {counts['unchanged sweep']:.1f} |",
        f"| one repository changed (`{changed}`) | {seconds(one)} | {one['mean']:.2f} ± {one['stddev']:.2f} s | |",
        "",
        f"- cold sweep / git clone --mirror: **{cold['median'] / clone['median']:.2f}x** (target: at most 1.1x)",
        f"- unchanged sweep / git ls-remote: **{unchanged['median'] / listing_result['median']:.2f}x** (target: at most 1.5x)",
        f"- one repository changed / unchanged: **{one['median'] / unchanged['median']:.2f}x**",
        "",
        f"The cold sweep by `concurrency.fetch`, against `git clone --mirror` of every repository at the same concurrency"
        f" ({latency_ms} ms, {bandwidth_mbit} Mbit/s):",
        "",
        "| concurrency.fetch | cold sweep | git clone --mirror | ratio |",
        "|---|---|---|---|",
        *scaling_rows,
    ]
    return lines, {"cold/clone": cold["median"] / clone["median"], "unchanged/ls-remote": unchanged["median"] / listing_result["median"]}


def bench_memory(binary):
    """Peak memory of cold and unchanged sweeps over 200 (work trees), 1,000 and 10,000 (bare) repositories."""
    rows, peaks, unchanged_peaks, rss_peaks, figures = [], {}, {}, {}, {}
    for repos, bare in ((200, False), (1000, True), (10000, True)):
        folder = fleet(repos, bare=bare)
        config = os.path.join(folder, "fleet.yaml")
        shutil.rmtree(os.path.join(folder, "workspace"), ignore_errors=True)
        rss, wall, tree, pss = peak_rss(sweep_command(binary, config))
        unchanged_rss, unchanged_wall, unchanged_tree, unchanged_pss = peak_rss(sweep_command(binary, config))
        peaks[repos] = max(rss, pss)
        unchanged_peaks[repos] = max(unchanged_rss, unchanged_pss)
        rss_peaks[repos] = max(rss, tree)
        figures[repos] = {"cold rss": rss, "cold tree rss": tree, "cold tree pss": pss, "cold wall": wall,
                          "unchanged rss": unchanged_rss, "unchanged tree pss": unchanged_pss, "unchanged wall": unchanged_wall}
        rows.append(f"| {repos:,} | {rss:.0f} MB | {pss:.0f} MB | {tree:.0f} MB | {wall:.1f} s | {unchanged_rss:.0f} MB "
                    f"| {unchanged_pss:.0f} MB | {unchanged_wall:.2f} s |")
    return [
        "Peak resident memory of one sweep: of its largest process (`/usr/bin/time -v`) and of all its processes"
        " together (the sweep and its workers, sampled from /proc): their proportional set size (PSS, each shared"
        " page divided among the processes mapping it; every 200 ms after the first second) and, as before, their summed RSS (every 20 ms),"
        " which counts the executable's and libraries' pages once per worker. The 1,000 and 10,000 fleets are bare"
        " repositories (`scripts/make-fleet N 2000 DEST --bare`) with the 200 fleet's mix:",
        "",
        "| repositories | cold: largest process | cold: all processes (PSS) | cold: all processes (summed RSS) | cold: wall"
        " | unchanged: largest process | unchanged: all processes (PSS) | unchanged: wall |",
        "|---|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"- peak memory (all processes, PSS, or the largest process when larger) at 1,000 / at 200: **{peaks[1000] / peaks[200]:.2f}x**",
        f"- the same at 10,000 / at 1,000, cold sweep: **{peaks[10000] / peaks[1000]:.2f}x**; unchanged sweep:"
        f" **{unchanged_peaks[10000] / unchanged_peaks[1000]:.2f}x** (target for both: at most 1.5x, memory must not grow"
        f" with the fleet: **{'met' if max(peaks[10000] / peaks[1000], unchanged_peaks[10000] / unchanged_peaks[1000]) <= 1.5 else 'not met'}**)",
        f"- summed RSS at 10,000 / at 1,000: {rss_peaks[10000] / rss_peaks[1000]:.2f}x",
    ], {"memory ratio": peaks[10000] / peaks[1000], "unchanged memory ratio": unchanged_peaks[10000] / unchanged_peaks[1000],
        "summed rss ratio": rss_peaks[10000] / rss_peaks[1000], "figures": figures}


def du(path):
    """Bytes under a path (apparent sizes), like `du -sb`."""
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for base, _, names in os.walk(path):
        for name in names:
            full = os.path.join(base, name)
            if not os.path.islink(full):
                total += os.path.getsize(full)
    return total


def change_bare_repos(repos_folder, names, stamp):
    """One new commit on main in each named bare repository: a window lookup appended to the first Swift
    file naming an app delegate, so the next sweep rescans them and the diff has findings to show."""
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.com", GIT_COMMITTER_NAME="bench",
               GIT_COMMITTER_EMAIL="bench@example.com", GIT_CONFIG_NOSYSTEM="1")
    for name in names:
        gitdir = os.path.join(repos_folder, name)
        files = output(["git", f"--git-dir={gitdir}", "ls-tree", "-r", "--name-only", "main"]).splitlines()
        target = next((path for path in files if path.endswith("AppDelegate.swift")), None) or "README.md"
        text = subprocess.run(["git", f"--git-dir={gitdir}", "show", f"main:{target}"], capture_output=True, env=env).stdout
        text += f"\n// {stamp}\nfunc benchWindow() -> UIWindow? {{ UIApplication.shared.keyWindow }}\n".encode()
        blob = subprocess.run(["git", f"--git-dir={gitdir}", "hash-object", "-w", "--stdin"], input=text, capture_output=True,
                              env=env, check=True).stdout.decode().strip()
        index = os.path.join(OUT, "bench-index")
        scoped = dict(env, GIT_INDEX_FILE=index)
        run(["git", f"--git-dir={gitdir}", "read-tree", "main"], env=scoped)
        run(["git", f"--git-dir={gitdir}", "update-index", "--cacheinfo", f"100644,{blob},{target}"], env=scoped)
        tree_id = subprocess.run(["git", f"--git-dir={gitdir}", "write-tree"], capture_output=True, env=scoped,
                                 check=True).stdout.decode().strip()
        commit = subprocess.run(["git", f"--git-dir={gitdir}", "commit-tree", tree_id, "-p", "main", "-m", f"bench {stamp}"],
                                capture_output=True, env=env, check=True).stdout.decode().strip()
        run(["git", f"--git-dir={gitdir}", "update-ref", "refs/heads/main", commit], env=env)
        os.remove(index)


def bench_fleet10k(binary, repos=10000, shards=10):
    """What the largest organisations see: the size of what a run stores, rendering its reports, and
    merging shards, at 10,000 repositories."""
    folder = fleet(repos, bare=True)
    config = os.path.join(folder, "fleet.yaml")
    workspace = os.path.join(folder, "workspace")
    if not os.path.exists(os.path.join(workspace, "latest")):
        run(["sh", "-c", sweep_command(binary, config)], stdout=subprocess.DEVNULL)
    # One repository in a hundred gets a commit that adds a finding, so the diff has something to say.
    repos_folder = os.path.join(folder, "repos")
    changed = sorted(os.listdir(repos_folder))[::100]
    change_bare_repos(repos_folder, changed, time.time_ns())
    start = time.monotonic()
    run(["sh", "-c", sweep_command(binary, config)], stdout=subprocess.DEVNULL)
    changed_wall = time.monotonic() - start
    latest = open(os.path.join(workspace, "latest")).read().strip()
    run_folder = os.path.join(workspace, "runs", latest)
    history = os.path.join(workspace, "history.jsonl")
    history_lines = sum(1 for _ in open(history))
    results = hyperfine("render10k", {
        "dashboard (report --format html)": (f"{binary} report --config {config} --format html > /dev/null", None),
        "diff (diff --format markdown)": (f"{binary} diff --config {config} --format markdown > /dev/null", None),
        "diff (diff --format json)": (f"{binary} diff --config {config} --format json > /dev/null", None),
    }, runs=5, warmup=1)
    # Ten shards swept into their own stores (cold: their mirrors are their own), then merged into one run.
    shutil.rmtree(os.path.join(workspace, "shards"), ignore_errors=True)
    shard_walls = []
    for index in range(1, shards + 1):
        start = time.monotonic()
        run(["sh", "-c", sweep_command(binary, config, f"--shard {index}/{shards}")], stdout=subprocess.DEVNULL)
        shard_walls.append(time.monotonic() - start)
    stores = " ".join(os.path.join(workspace, "shards", str(index)) for index in range(1, shards + 1))
    merge_rss, merge_wall, _, _ = peak_rss(f"{binary} merge --config {config} {stores} > /dev/null")
    dashboard, diff_md = results["dashboard (report --format html)"], results["diff (diff --format markdown)"]
    diff_json = results["diff (diff --format json)"]
    run_files = sorted(os.listdir(run_folder))
    largest = sorted(((du(os.path.join(run_folder, name)), name) for name in run_files), reverse=True)[:4]
    lines = [
        f"A fleet of {repos:,} bare repositories (`scripts/make-fleet {repos} 2000 DEST --bare`), after a cold sweep and a"
        f" sweep in which {len(changed)} repositories (one in a hundred) had a new commit adding a finding"
        f" ({changed_wall:.1f} s):",
        "",
        "| | |",
        "|---|---|",
        f"| one run folder (`runs/<id>/`) | {du(run_folder) / 1e6:.1f} MB, {len(run_files)} entries; largest: "
        + ", ".join(f"{name} {size / 1e6:.1f} MB" for size, name in largest) + " |",
        f"| history.jsonl | {os.path.getsize(history) / 1e3:.1f} kB for {history_lines} runs"
        f" ({os.path.getsize(history) / max(1, history_lines) / 1e3:.1f} kB a run) |",
        f"| render the dashboard (`report --format html`) | {seconds(dashboard)} (mean {dashboard['mean']:.2f} ± {dashboard['stddev']:.2f} s) |",
        f"| render the diff (`diff --format markdown`) | {seconds(diff_md)} (mean {diff_md['mean']:.2f} ± {diff_md['stddev']:.2f} s) |",
        f"| render the diff (`diff --format json`) | {seconds(diff_json)} |",
        f"| {shards} shard sweeps (`sweep --shard I/{shards}`, cold, one after another) | "
        + ", ".join(f"{wall:.1f}" for wall in shard_walls) + " s |",
        f"| merge of {shards} shards | {merge_wall:.2f} s, peak RSS {merge_rss:.0f} MB |",
        "",
        f"- dashboard: **{dashboard['median']:.2f} s**, diff: **{max(diff_md['median'], diff_json['median']):.2f} s**"
        " (target: at most 2 s each)",
    ]
    return lines, {"dashboard": dashboard["median"], "diff": max(diff_md["median"], diff_json["median"]), "merge": merge_wall}


def alternated(commands, rounds, lap=None):
    """Wall seconds of each command over `rounds` rounds, the commands taking turns within each round (after one
    round not counted): this machine's speed drifts by 10-30% within minutes, and hyperfine runs all of one
    command before the next, so a ratio of two of its medians measured the drift as much as the commands.
    `commands` maps a name to (command, prepare); returns the median, minimum and maximum per name. With `lap`
    (the start of a `SCENESWEEP_TRACE` label), commands that print that lap get its seconds too, under "lap"."""
    times = {name: [] for name in commands}
    laps = {name: [] for name in commands}
    environment = dict(os.environ, SCENESWEEP_TRACE="1") if lap else None
    for round_number in range(rounds + 1):
        for name, (command, prepare) in commands.items():
            if prepare:
                run(["sh", "-c", prepare], stdout=subprocess.DEVNULL)
            start = time.monotonic()
            finished = run(["sh", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE if lap else subprocess.DEVNULL,
                           env=environment)
            if round_number > 0:
                times[name].append(time.monotonic() - start)
                seconds = lap_seconds(finished.stderr.decode(errors="replace"), lap) if lap else None
                laps[name] += [seconds] if seconds is not None else []

    def figures(values):
        return {"median": statistics.median(values), "min": min(values), "max": max(values)}

    return {name: {**figures(values), **({"lap": figures(laps[name])} if laps[name] else {})} for name, values in times.items()}


def bench_scaling(binary, repos=200, runs=8):
    folder = fleet(repos)
    base_config = open(os.path.join(folder, "fleet.yaml")).read()
    workspace = os.path.join(folder, "workspace")
    # Mirrors fetched once; each measured run rescans everything offline from them.
    run(["sh", "-c", sweep_command(binary, os.path.join(folder, "fleet.yaml"))], stdout=subprocess.DEVNULL)
    commands = {}
    # The previous runs are moved aside, not deleted: right after 800 files are deleted, ext4 searches past
    # their inodes for each new one (`recently_deleted`), which took more system time than the scan's own
    # work and queued the two workers on each other. A nightly sweep does not create its files seconds
    # after deleting as many.
    trash = os.path.join(folder, "trash")
    shutil.rmtree(trash, ignore_errors=True)
    for jobs in (1, 2):
        config = os.path.join(folder, f"fleet-scan-{jobs}.yaml")
        with open(config, "w") as handle:
            handle.write(base_config.replace("concurrency: { fetch: 4, scan: auto }", f"concurrency: {{ fetch: 4, scan: {jobs} }}"))
        forget = (f"mkdir -p {trash} && aside=$(mktemp -d {trash}/run.XXXXXX) && "
                  f"mv {workspace}/runs {workspace}/latest {workspace}/history.jsonl $aside/ 2>/dev/null; true")
        commands[f"concurrency.scan {jobs}"] = (sweep_command(binary, config, "--offline"), forget)
    # The machine's own ceiling for the same kind of work: two single-threaded scans of the largest
    # repository one after the other, and the same two at once. No sweep can scale past it.
    large = os.path.join(folder, "repos", sorted(name for name in os.listdir(os.path.join(folder, "repos")) if name.startswith("large-"))[0])
    scan = f"{binary} scan {large} --jobs 1 --format json --output /dev/null --fail-on never --quiet"
    commands["two scans, one after the other"] = (f"{scan}; {scan}", None)
    commands["two scans at once"] = (f"{scan} & {scan} & wait", None)
    # The sweeps print their own phases: "fetch and scan" is the scan phase the target is about, from the start
    # of the run to the last result (reading the previous run, the workers' start, every fetch and scan).
    results = alternated(commands, runs, lap="fetch and scan")
    shutil.rmtree(trash, ignore_errors=True)
    one, two = results["concurrency.scan 1"], results["concurrency.scan 2"]
    speedup = one["median"] / two["median"]
    phase = one["lap"]["median"] / two["lap"]["median"]
    ceiling = results["two scans, one after the other"]["median"] / results["two scans at once"]["median"]
    rows = []
    for name, value in results.items():
        rows.append(f"| {name} | {value['median']:.3f} s | {value['min']:.3f} s | {value['max']:.3f} s |")
        if "lap" in value:
            lap = value["lap"]
            rows.append(f"| {name}: its scan phase | {lap['median']:.3f} s | {lap['min']:.3f} s | {lap['max']:.3f} s |")
    return [
        f"A sweep over {repos} repositories (`sweep --offline` from warm mirrors, every repository rescanned;"
        f" the previous runs moved aside before each, not deleted), its scan phase (the sweep's own `SCENESWEEP_TRACE` lap"
        f" \"fetch and scan\": from the start of the run to its last result, without the process start-up, the diff, the"
        f" reports and the flush to disk), and the machine's own ceiling; {runs} rounds, the commands taking turns within each round:",
        "",
        "| | median | fastest | slowest |",
        "|---|---|---|---|",
        *rows,
        "",
        f"- the scan phase with 2: **{phase:.2f}x** faster (target: at least 1.8x on this two-core machine)",
        f"- the whole sweep with 2: **{speedup:.2f}x** faster",
        f"- the machine's ceiling, two independent scans at once against one after the other: **{ceiling:.2f}x**; the scan"
        f" phase reaches {phase / ceiling * 100:.0f}% of it, the whole sweep {speedup / ceiling * 100:.0f}%",
    ], {"speedup": speedup, "phase": phase, "ceiling": ceiling}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("what", nargs="?", default="all",
                        choices=["all", "scan", "real", "monorepo", "sweep", "patches", "network", "memory", "fleet10k", "scaling",
                                 "descriptions"])
    parser.add_argument("count", nargs="?", type=int, help="files (scan, monorepo, descriptions) or repositories (sweep, network)")
    parser.add_argument("--repo", action="append", default=[], metavar="PATH", help="a real checkout to scan (repeatable)")
    args = parser.parse_args()
    binary, what, count = args.binary, args.what, args.count
    for path in args.repo:
        if not os.path.isdir(path):
            parser.error(f"--repo {path}: no such folder")
    os.makedirs(OUT, exist_ok=True)
    single = {
        "scan": lambda: bench_scan(binary, count or 10000),
        "real": lambda: bench_real(binary, args.repo) if args.repo else parser.error("real needs at least one --repo PATH"),
        "monorepo": lambda: bench_monorepo(binary, count or 10000),
        "sweep": lambda: bench_sweep(binary, count or 200),
        "patches": lambda: bench_patches(binary, count or 200),
        "network": lambda: bench_network(binary, count or 200),
        "memory": lambda: bench_memory(binary),
        "fleet10k": lambda: bench_fleet10k(binary),
        "scaling": lambda: bench_scaling(binary),
        "descriptions": lambda: bench_descriptions(binary, count or 2000),
    }
    if what != "all":
        print("\n".join(single[what]()[0]))
        return
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    command = "scripts/bench" + "".join(f" --repo {path}" for path in args.repo)
    load = os.getloadavg()
    sections = [("One large repository", bench_scan(binary))]
    if args.repo:
        sections.append(("Real repositories", bench_real(binary, args.repo)))
    sections += [
        ("A monorepo of 20 apps", bench_monorepo(binary)),
        ("A fleet of 200 repositories", bench_sweep(binary)),
        ("Patches for a fleet", bench_patches(binary)),
        ("Over a network", bench_network(binary)),
        ("Memory", bench_memory(binary)),
        ("10,000 repositories", bench_fleet10k(binary)),
        ("Scaling", bench_scaling(binary)),
        ("Project descriptions", bench_descriptions(binary)),
    ]
    text = ["# Benchmarks", "",
            f"Made by `{command}` on {started} (load average {load[0]:.2f} when it started); every figure is from that one"
            " run on this machine, medians of several runs where a table says so:", "",
            *machine(), ""]
    for title, (lines, _) in sections:
        text += [f"## {title}", "", *lines, ""]
    # The workspace-size figures come from `scripts/retention-sim` (an hour or more): kept as they are.
    path = os.path.join(ROOT, "BENCHMARKS.md")
    if os.path.exists(path):
        old = open(path).read()
        marker = "\n## Workspace size over a year"
        if marker in old:
            text += [old[old.index(marker) + 1:].rstrip("\n"), ""]
    with open(path, "w") as handle:
        handle.write("\n".join(text))
    print("\n".join(text))


if __name__ == "__main__":
    main()
