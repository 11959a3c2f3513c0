#!/usr/bin/env python3
"""Compares the `aggregate` of this checkout with the one of another commit, side by side in one run.

Figures taken at different times on a shared machine cannot see a change of 30 %: the load moves more
than that. This script builds both (release, each in its own scratch folder), writes one realistic Kiwi
answer, and runs both binaries on it in alternation (old, new, new, old, ...), so that a busy moment of
the machine hits both alike. It reports, per command, the median and spread (lowest-highest) of the
processor time (user + system, from the child's own rusage) and of the wall time, the peak memory, the
ratio of this checkout to the other commit, and the ratio of each to the Python reference
(`python_pipeline.py`, the top-20 job), which runs in the same rounds. The ratios are given twice: of the
medians, and round by round (each run against the other's run of the same round, then the median of those
ratios and the middle half of them), which is the figure to quote, since a busy moment slows both runs of a
round alike.

    python3 Benchmarks/side_by_side.py COMMIT [--runs 7] [--itineraries 10000] [--commands top20,all]
    python3 Benchmarks/side_by_side.py COMMIT --binary PATH   # another build in place of this checkout's

`--binary` times a given `aggregate` (such as the one kept for another commit under
`.build-side-by-side/bin/`) in place of this checkout's, which is then not built: two commits can so be
compared without checking either out, and a build kept from before a change stays comparable.

The other commit is exported with `git archive` into a temporary folder and built once: its binary is
kept under `.build-side-by-side/bin/` by commit id (git ignores `.build-*`), so later comparisons with
the same commit build only this checkout (incrementally, in `.build-side-by-side/checkout`). The answer
is made by `AggregateBenchmarks generate` of this checkout and kept as well, named after the generator's
sources. Before timing, the outputs of both builds are compared (without `retrieved_at` and
`latency_ms`) and kept in `.build-side-by-side/outputs/`: a change of output is printed, since a faster
build that answers differently is not the same program.

Standard library only. CI does not run it; the machine it runs on says nothing by itself, the ratios do.
"""

import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
GENERATOR_SOURCES = [
    "KiwiResponseGenerator.swift",
    "EuropeanAirport.swift",
    "SeededRandom.swift",
    "JSONTextBuffer.swift",
    "GenerateCommand.swift",
]
COMMANDS = {
    "top20": ["--format", "json", "--limit", "20"],
    "all": ["--format", "json"],
}


def fail(message):
    sys.stderr.write(f"side_by_side: {message}\n")
    sys.exit(1)


def git(root, *arguments):
    return subprocess.run(["git", "-C", root, *arguments], check=True, capture_output=True, text=True).stdout.strip()


def swift_build(package, scratch, product):
    """Builds one product in release mode; the build's own output goes to stderr, as progress."""
    command = ["swift", "build", "-c", "release", "--product", product, "--package-path", package]
    command += ["--scratch-path", scratch]
    sys.stderr.write(f"building {product} of {package} in {scratch}\n")
    started = time.monotonic()
    if subprocess.run(command, stdout=sys.stderr).returncode != 0:
        fail(f"the build of {product} in {package} failed")
    sys.stderr.write(f"  built in {time.monotonic() - started:.0f} s\n")
    return os.path.join(scratch, "release", product)


def base_binary(root, cache, commit):
    """The release `aggregate` of `commit`, built once and kept by commit id."""
    kept = os.path.join(cache, "bin", f"aggregate-{commit}")
    if os.access(kept, os.X_OK):
        return kept
    source = tempfile.mkdtemp(prefix=f"aggregate-{commit[:8]}-")
    try:
        archive = subprocess.Popen(["git", "-C", root, "archive", commit], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", source], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            fail(f"git archive {commit} failed")
        scratch = os.path.join(cache, commit)
        built = swift_build(source, scratch, "aggregate")
        os.makedirs(os.path.dirname(kept), exist_ok=True)
        shutil.copy2(built, kept)
        # The binary needs only the toolchain's libraries: the scratch folder's gigabyte can go.
        shutil.rmtree(scratch, ignore_errors=True)
    finally:
        shutil.rmtree(source, ignore_errors=True)
    return kept


def answer_file(cache, generator, itineraries):
    """The Kiwi answer, generated once per generator version and size."""
    digest = hashlib.sha256()
    for name in GENERATOR_SOURCES:
        with open(os.path.join(BENCHMARKS, name), "rb") as file:
            digest.update(file.read())
    path = os.path.join(cache, f"kiwi-{itineraries}-{digest.hexdigest()[:12]}.json")
    if not os.path.exists(path):
        subprocess.run([generator, "generate", str(itineraries), path + ".part"], check=True, stdout=sys.stderr)
        os.replace(path + ".part", path)
    return path


def child_environment(scratch):
    """This environment without settings that would add providers or work to what is measured."""
    environment = {key: value for key, value in os.environ.items() if not key.startswith("AGGREGATE_")}
    for variable in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"):
        environment[variable] = os.path.join(scratch, "xdg")
    environment["NO_COLOR"] = "1"
    return environment


def run_once(command, environment, scratch, output=None):
    """Runs one child; returns (processor seconds, wall seconds, peak bytes, exit code).

    Its peak is the child's own only while this process stays small: Linux carries the peak of the process
    that forks over `exec` into the child's, so nothing large is ever read in here.
    """
    errors_path = os.path.join(scratch, "stderr.txt")
    with open(output or os.devnull, "wb") as sink, open(errors_path, "wb") as errors:
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=sink, stderr=errors, env=environment)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    child.returncode = code
    if code not in (0, 2):
        with open(errors_path, encoding="utf-8", errors="replace") as errors:
            fail(f"{' '.join(command)} exited with {code}:\n{errors.read(4000)}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024, code


def comparable_digest(path):
    """A digest of an output without what differs from run to run (when the offers were retrieved, how long
    the provider took), read a line at a time so that this process stays small."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for line in file:
            line = re.sub(rb'"retrieved_at" *: *"[^"]*"', b'"retrieved_at":""', line)
            digest.update(re.sub(rb'"latency_ms" *: *[0-9]+', b'"latency_ms":0', line))
    return digest.hexdigest()


def paired(numerators, denominators):
    """The ratio of two series taken round by round: its median and the middle half of the rounds (the first
    to the third quartile).

    A busy moment of the machine slows both runs of a round alike, so the ratios of the rounds spread far
    less than either series does, and a change of a few percent shows where the ratio of two medians hides
    it in the noise."""
    ratios = sorted(numerator / denominator for numerator, denominator in zip(numerators, denominators))
    quartiles = statistics.quantiles(ratios, n=4, method="inclusive") if len(ratios) > 1 else ratios * 3
    return statistics.median(ratios), quartiles[0], quartiles[2]


def describe_ratio(ratio):
    median, low, high = ratio
    return f"{median:.3f}x (middle half {low:.3f}-{high:.3f})"


class Series:
    """The runs of one command."""

    def __init__(self, label, command):
        self.label, self.command = label, command
        self.processor, self.wall, self.peak = [], [], 0

    def add(self, measurement):
        processor, wall, peak, _ = measurement
        self.processor.append(processor)
        self.wall.append(wall)
        self.peak = max(self.peak, peak)

    def describe(self, values):
        return f"{statistics.median(values):6.3f} ({min(values):.3f}-{max(values):.3f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the commit to compare this checkout with, such as a tag or an id")
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    parser.add_argument("--itineraries", type=int, default=10_000, help="size of the answer (default 10000)")
    parser.add_argument("--commands", default="top20,all", help="top20, all or both (default top20,all)")
    parser.add_argument("--python", default="python3", help="the interpreter of the reference (default python3)")
    parser.add_argument("--no-python", action="store_true", help="leave out the Python reference")
    parser.add_argument("--binary", help="an aggregate binary to time in place of this checkout's, which is not built")
    arguments = parser.parse_args()
    if arguments.runs < 1 or arguments.itineraries < 1:
        fail("--runs and --itineraries take positive counts")
    chosen = [name.strip() for name in arguments.commands.split(",") if name.strip()]
    if not chosen or any(name not in COMMANDS for name in chosen):
        fail(f"--commands takes a list of {', '.join(COMMANDS)}")

    root = git(BENCHMARKS, "rev-parse", "--show-toplevel")
    try:
        commit = git(root, "rev-parse", "--verify", f"{arguments.commit}^{{commit}}")
    except subprocess.CalledProcessError:
        fail(f"'{arguments.commit}' is not a commit of this repository; name one such as main or f5d8c5e")
    cache = os.path.join(root, ".build-side-by-side")
    os.makedirs(cache, exist_ok=True)

    if arguments.binary and not os.access(arguments.binary, os.X_OK):
        fail(f"--binary {arguments.binary} is not an executable file; give the path of an aggregate binary")
    base = base_binary(root, cache, commit)
    scratch = os.path.join(cache, "checkout")
    if arguments.binary:
        # The answer's generator is this checkout's, built only when the answer is not kept yet.
        generator = os.path.join(scratch, "release", "AggregateBenchmarks")
        if not os.access(generator, os.X_OK):
            generator = swift_build(root, scratch, "AggregateBenchmarks")
        checkout = os.path.abspath(arguments.binary)
        kept = re.fullmatch(r"aggregate-([0-9a-f]{7,40})", os.path.basename(checkout))
        label = kept.group(1)[:7] if kept else "binary"
    else:
        label = "checkout"
        generator = swift_build(root, scratch, "AggregateBenchmarks")
        checkout = swift_build(root, scratch, "aggregate")
    answer = answer_file(cache, generator, arguments.itineraries)
    answer_bytes = os.path.getsize(answer)
    work = tempfile.mkdtemp(prefix="aggregate-side-by-side-")
    environment = child_environment(work)
    search = ["search", "--providers", "kiwi", "--endpoint", f"kiwi=file://{answer}"]
    search += ["--max-response-size", "512MiB", "--timeout", "600"]

    try:
        if arguments.binary:
            print(f"side by side: {commit[:7]} against {checkout}")
        else:
            head = git(root, "rev-parse", "--short", "HEAD")
            dirty = " with uncommitted changes" if git(root, "status", "--porcelain", "--untracked-files=no") else ""
            print(f"side by side: {commit[:7]} against this checkout ({head}{dirty})")
        print(f"answer: {arguments.itineraries} Kiwi itineraries, {answer_bytes / 1e6:.1f} MB")

        # The same answer from both builds, or the comparison is of two different jobs.
        # Kept in the cache folder, so that a difference can be looked at with diff.
        outputs = os.path.join(cache, "outputs")
        os.makedirs(outputs, exist_ok=True)
        for name in chosen:
            digests, paths = [], []
            for tag, binary in ((commit[:7], base), (label, checkout)):
                paths.append(os.path.join(outputs, f"{name}-{tag}.json"))
                run_once([binary, *search, *COMMANDS[name]], environment, work, output=paths[-1])
                digests.append(comparable_digest(paths[-1]))
            if digests[0] == digests[1]:
                print(f"output of {name}: the same from both builds (times aside)")
            else:
                print(f"output of {name}: DIFFERENT; see diff {paths[0]} {paths[1]}")

        pairs = []
        for name in chosen:
            pairs.append(
                (
                    name,
                    Series(f"{commit[:7]} {name}", [base, *search, *COMMANDS[name]]),
                    Series(f"{label} {name}", [checkout, *search, *COMMANDS[name]]),
                )
            )
        python = None
        if not arguments.no_python:
            script = os.path.join(BENCHMARKS, "python_pipeline.py")
            python = Series("python top 20", [arguments.python, script, answer, "--limit", "20"])
        for run in range(arguments.runs):
            sys.stderr.write(f"  round {run + 1}/{arguments.runs}\n")
            for _, old, new in pairs:
                # Old first in even rounds, new first in odd ones: neither always gets the warmer moment.
                for series in (old, new) if run % 2 == 0 else (new, old):
                    series.add(run_once(series.command, environment, work))
            if python:
                python.add(run_once(python.command, environment, work))

        print(
            f"{arguments.runs} alternated runs each; seconds as median (lowest-highest); CPU = user + system of the"
            " child; peak = its largest resident size"
        )
        header = f"{'command':<20} {'CPU s':>21} {'wall s':>21} {'peak MB':>8} {'peak/answer':>11}"
        if python:
            header += f" {'CPU/python':>10}"
        print(header)
        rows = [series for _, old, new in pairs for series in (old, new)] + ([python] if python else [])
        for series in rows:
            line = f"{series.label:<20} {series.describe(series.processor):>21} {series.describe(series.wall):>21}"
            line += f" {series.peak / 1e6:8.1f} {series.peak / answer_bytes:10.2f}x"
            if python:
                ratio = statistics.median(series.processor) / statistics.median(python.processor)
                line += f" {ratio:9.2f}x"
            print(line)
        for name, old, new in pairs:
            processor = statistics.median(new.processor) / statistics.median(old.processor)
            wall = statistics.median(new.wall) / statistics.median(old.wall)
            print(
                f"{name}: {label} / {commit[:7]}: CPU {processor:.2f}x ({(processor - 1) * 100:+.0f} %),"
                f" wall {wall:.2f}x ({(wall - 1) * 100:+.0f} %)"
            )
        # The figures to quote: each run against the other build's run, and the Python reference's, of its own
        # round.
        print("round by round (median of the rounds' ratios; the middle half of the rounds in brackets):")
        for name, old, new in pairs:
            print(f"  {name}: {label} / {commit[:7]} CPU {describe_ratio(paired(new.processor, old.processor))}")
        if python:
            for series in (series for _, old, new in pairs for series in (old, new)):
                print(f"  {series.label} / python CPU {describe_ratio(paired(series.processor, python.processor))}")
        print(f"load average at the end: {' '.join(f'{value:.1f}' for value in os.getloadavg())}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
