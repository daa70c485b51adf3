#!/usr/bin/env python3
"""Instructions per operation of each workload and variant, counted by callgrind.

Builds the InstructionProbes executable (release), then for each workload and variant
runs it under `valgrind --tool=callgrind` twice: with 0 operations and with N. Both
runs do the same setup, so (Ir(N) - Ir(0)) / N is what one operation costs, in
instructions executed. Unlike times, these counts barely move between runs or
with the load of the machine.

Prints a Markdown table: instructions per operation of each variant, and ratios to
the hand-written code and between Instill and the peers. Scripts/chart.py turns that
table into an SVG bar chart.

Usage (from Benchmarks/ or anywhere):
  python3 Scripts/instructions.py                      # every workload
  python3 Scripts/instructions.py car-graph named-lookup
  python3 Scripts/instructions.py --skip-build --output run.md
  python3 Scripts/instructions.py --operations 1000    # override N for every workload
  python3 Scripts/instructions.py --reference-only     # Instill's reference engine alone
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

PACKAGE = pathlib.Path(__file__).resolve().parent.parent
PRODUCT = "InstructionProbes"
VARIANTS = ["hand-written", "Instill", "Swinject", "swift-dependencies"]
PEERS = ["Swinject", "swift-dependencies"]

# Operations per measured run. Each is large enough that the run's instructions dwarf
# the few hundred that vary between two processes, and small enough that the slowest
# variant runs in seconds under callgrind (about 50 times slower than native).
OPERATIONS = {
    "car-graph": 20_000,
    "car-graph-by-initializer": 20_000,
    "singleton-hit": 100_000,
    "named-lookup": 20_000,
    "inject-into": 20_000,
    "main-actor-view-model": 20_000,
    "screen": 20_000,
    "50-wide": 1_000,
    "50-deep": 1_000,
    "1000-bindings-create": 20,
    "1000-bindings-validate": 20,
    "first-request-new-type": 20,  # one per probe type; there are 20
    # Scale probes (ScaleProbes.swift).
    "1000-type-bindings-create": 20,
    "191-objects-build-release": 20,
    "191-objects-build-keep": 20,
    "1000-types-warm": 20_000,  # each of the 1,000 types 20 times
    "1-type-warm": 20_000,
}

TITLES = {
    "car-graph": "Car graph",
    "car-graph-by-initializer": "Car graph by initializer",
    "singleton-hit": "Singleton hit",
    "named-lookup": "Named lookup",
    "inject-into": "Inject into hand-built car",
    "main-actor-view-model": "Main-actor view model",
    "screen": "Screen",
    "50-wide": "50-wide object",
    "50-deep": "50-deep chain",
    "1000-bindings-create": "1,000 bindings, create",
    "1000-bindings-validate": "1,000 bindings, validate",
    "first-request-new-type": "First request of a new type",
    "1000-type-bindings-create": "1,000 bind(_:to:) bindings, create",
    "191-objects-build-release": "191 objects, build then release",
    "191-objects-build-keep": "191 objects, build and keep",
    "1000-types-warm": "Warm getObject over 1,000 types",
    "1-type-warm": "Warm getObject of 1 type, same call",
}


def build(flags: list[str]) -> pathlib.Path:
    subprocess.run(["swift", "build", "-c", "release", "--product", PRODUCT] + flags, cwd=PACKAGE, check=True)
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"] + flags,
        cwd=PACKAGE, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return pathlib.Path(bin_path) / PRODUCT


def list_workloads(executable: pathlib.Path) -> dict[str, list[str]]:
    listing = subprocess.run([str(executable), "--list"], check=True, capture_output=True, text=True).stdout
    workloads = {}
    for line in listing.splitlines():
        name, *variants = line.split()
        workloads[name] = variants
    return workloads


def instructions(executable: pathlib.Path, workload: str, variant: str, operations: int) -> int:
    """Instructions the whole process executes (callgrind's Ir) for one run."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        # Symbols are bound at startup (LD_BIND_NOW), so the first call of a library function
        # costs the same in both runs instead of its lookup falling into the measured one.
        env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", LD_BIND_NOW="1")
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             str(executable), workload, variant, str(operations)],
            env=env, capture_output=True, text=True,
        )
        if result.returncode != 0:
            sys.exit(f"{workload} {variant} {operations}: exit {result.returncode}\n{result.stderr}")
        match = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
        if not match:
            sys.exit(f"no instruction count in callgrind's output:\n{result.stderr}")
        return int(match.group(1))


def per_operation(executable: pathlib.Path, workload: str, variant: str, operations: int) -> float:
    base = instructions(executable, workload, variant, 0)
    loaded = instructions(executable, workload, variant, operations)
    return (loaded - base) / operations


def figure(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def ratio(numerator: float | None, denominator: float | None) -> str:
    if numerator is None or denominator is None or denominator <= 0:
        return "—"
    value = numerator / denominator
    return f"{value:,.2f}×" if value < 10 else f"{value:,.0f}×"


def table(results: dict[str, dict[str, float]]) -> str:
    header = ["workload"] + [f"{v} (Ir/op)" for v in VARIANTS]
    header += ["Instill ÷ hand-written"] + [f"{peer} ÷ Instill" for peer in PEERS]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for workload, counts in results.items():
        row = [TITLES.get(workload, workload)]
        row += [figure(counts[v]) if v in counts else "—" for v in VARIANTS]
        row.append(ratio(counts.get("Instill"), counts.get("hand-written")))
        row += [ratio(counts.get(peer), counts.get("Instill")) for peer in PEERS]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workloads", nargs="*", help="workloads to run (default: all; see --list)")
    parser.add_argument("--operations", type=int, help="N for every workload (default: per workload)")
    parser.add_argument("--skip-build", action="store_true", help="use the release build as it is")
    parser.add_argument("--output", type=pathlib.Path, help="also write the table to this file")
    parser.add_argument("--list", action="store_true", help="list the workloads and their variants")
    parser.add_argument(
        "--reference-only", action="store_true",
        help="build with -D INSTILL_REFERENCE_ONLY (Instill's reference engine alone, no accelerators),"
        " in .build-reference/ so that the usual build stays as it is",
    )
    options = parser.parse_args()

    flags = ["--scratch-path", ".build-reference", "-Xswiftc", "-DINSTILL_REFERENCE_ONLY"] if options.reference_only else []
    scratch = ".build-reference" if options.reference_only else ".build"
    executable = PACKAGE / scratch / "release" / PRODUCT if options.skip_build else build(flags)
    available = list_workloads(executable)
    if options.list:
        for name, variants in available.items():
            print(name + ": " + ", ".join(variants))
        return 0
    chosen = options.workloads or list(available)
    unknown = [name for name in chosen if name not in available]
    if unknown:
        sys.exit("unknown workload(s): " + ", ".join(unknown) + "; see --list")

    results: dict[str, dict[str, float]] = {}
    for workload in chosen:
        operations = options.operations or OPERATIONS.get(workload, 10_000)
        if workload == "first-request-new-type":
            operations = min(operations, 20)
        results[workload] = {}
        for variant in available[workload]:
            count = per_operation(executable, workload, variant, operations)
            results[workload][variant] = count
            print(f"{workload} / {variant}: {figure(count)} Ir per operation (N = {operations:,})", file=sys.stderr)

    text = table(results)
    print(text, end="")
    if options.output:
        options.output.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
