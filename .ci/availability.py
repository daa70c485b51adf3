#!/usr/bin/env python3
"""Lists every availability-annotated standard-library API that Sources/Instill names,
with the Apple-platform minimum each needs, and checks it against .ci/availability.txt
and Package.swift's platforms.

The annotations come from the toolchain's own module interfaces (Swift, _Concurrency,
Synchronization, _StringProcessing): on Linux they carry the same @available(macOS …)
attributes an Apple build checks. A name counts as used when it appears as an
identifier in a source file (comments and string literals removed).

Each line of .ci/availability.txt is `name | minimum | how`, where how is one of
  platforms   the package's declared minimums cover it;
  guarded     every file that names it checks `#available` (or is compiled out there);
  ours        the name in Sources is our own declaration, not the annotated API;
  overload    an unannotated declaration of the same name exists, and the comment
              after `#` says which one the library calls.
Run with --write to print the current list in that format (then add the comments).

Language features can need a newer runtime too. The one the library must avoid below
macOS 14 / iOS 17 is a generic type with a parameter pack (`struct Box<each T>`): its
metadata needs the Swift 5.9 runtime. Generic functions with packs need nothing new.
A declaration of such a type in Sources/Instill is an error here.
"""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing"]
# Underscored standard-library API the library calls on purpose (SPI or underscored
# public); other underscored names in the interfaces are not checked.
UNDERSCORED = {"_forEachField", "_rerootKeyPath"}
DECL = re.compile(r"\b(func|var|let|struct|class|enum|protocol|actor|typealias|macro)\s+`?([A-Za-z_][A-Za-z0-9_]*)")
MACOS = re.compile(r"@available\(macOS (\d+(?:\.\d+)*)")
PLATFORMS = re.compile(r"@available\((macOS [^)]*?)(?:, \*)?\)")


def interface_dir():
    swift = subprocess.run(["which", "swift"], capture_output=True, text=True).stdout.strip()
    base = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "lib", "swift", "linux")
    return base


def version(text):
    return tuple(int(p) for p in text.split("."))


def annotated_names():
    """name -> (macOS version tuple, platform text) for the lowest annotated declaration,
    and the set of names that also have a declaration with no annotation (overloads)."""
    found, plain = {}, set()
    base = interface_dir()
    for module in MODULES:
        folder = os.path.join(base, module + ".swiftmodule")
        paths = [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".swiftinterface")]
        for path in paths:
            pending = None  # availability waiting for its declaration
            scopes = []  # (depth, inherited availability or None, is a body to skip)
            depth = 0
            for line in open(path, encoding="utf-8"):
                stripped = line.strip()
                opens = stripped.count("{") - stripped.count("}")
                skipping = any(body for _, _, body in scopes)
                if not skipping:
                    if "@available(macOS" in stripped:
                        match = PLATFORMS.search(stripped)
                        pending = match.group(1) if match else pending
                    inherited = next((a for _, a, _ in reversed(scopes) if a), None)
                    head = stripped.split("{")[0]
                    decl = DECL.search(head)
                    if re.match(r"^(@\S+\s+)*(public\s+)?extension\b", head):
                        if opens > 0:
                            scopes.append((depth + 1, pending or inherited, False))
                        pending = None
                    elif decl:
                        kind, name = decl.groups()
                        availability = pending or inherited
                        if not name.startswith("_") or name in UNDERSCORED:
                            if availability:
                                v = version(MACOS.search("@available(" + availability).group(1))
                                if name not in found or v < found[name][0]:
                                    found[name] = (v, availability)
                            else:
                                plain.add(name)
                        if opens > 0:
                            # members of an annotated type are reached through its name;
                            # a function's or property's body declares nothing public
                            is_type = kind in ("struct", "class", "enum", "protocol", "actor")
                            scopes.append((depth + 1, None, not is_type))
                        pending = None
                    elif re.match(r"^(@\S+\s+)*(public\s+)?(init|subscript)\b", head) or head.startswith(("get", "set", "_read", "_modify", "unsafeAddress")):
                        if opens > 0:
                            scopes.append((depth + 1, None, True))
                        pending = None
                depth += opens
                while scopes and scopes[-1][0] > depth:
                    scopes.pop()
    return found, plain


def strip_code(text):
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return text


def used_names():
    uses = {}
    declared = set()
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources", "Instill")):
        for name in files:
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            code = strip_code(open(path, encoding="utf-8").read())
            for ident in set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", code)):
                uses.setdefault(ident, set()).add(os.path.relpath(path, ROOT))
            declared.update(m.group(2) for m in DECL.finditer(code))
            declared.update(re.findall(r"\bcase\s+([A-Za-z_][A-Za-z0-9_]*)", code))
    return uses, declared


def package_minimum():
    text = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    match = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", text)
    if not match:
        return (10, 13)
    return tuple(int(p) for p in match.groups() if p) + ((0,) if not match.group(2) else ())


def main():
    annotated, overloaded = annotated_names()
    uses, declared = used_names()
    current = []
    for name in sorted(set(annotated) & set(uses)):
        v, platforms = annotated[name]
        current.append((name, platforms, declared))
    minimum = package_minimum()
    if "--write" in sys.argv:
        for name, platforms, _ in current:
            v = annotated[name][0]
            how = "ours" if name in declared else ("platforms" if v <= minimum else "overload" if name in overloaded else "guarded")
            print(f"{name} | {platforms} | {how}")
        return 0
    listed = {}
    for line in open(os.path.join(ROOT, ".ci", "availability.txt"), encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, platforms, how = (p.strip() for p in line.split("#")[0].split("|"))
            listed[name] = (platforms, how)
    problems = []
    for name, platforms, _ in current:
        v = annotated[name][0]
        if name not in listed:
            problems.append(f"{name} ({platforms}) is named in {sorted(uses[name])} but not listed in .ci/availability.txt")
            continue
        how = listed[name][1]
        if how == "platforms" and v > minimum:
            problems.append(f"{name} needs {platforms}, above the package's macOS {minimum}: guard it")
        elif how == "guarded":
            for path in uses[name]:
                text = open(os.path.join(ROOT, path), encoding="utf-8").read()
                if "#available" not in text and "@available" not in text:
                    problems.append(f"{name} is listed as guarded, but {path} has no availability check")
        elif how == "overload" and name not in overloaded:
            problems.append(f"{name} is listed as an overload, but every declaration of it is annotated")
        elif how == "ours" and name not in declared:
            problems.append(f"{name} is listed as ours, but Sources/Instill declares no {name}")
    for name in listed:
        if name not in {n for n, _, _ in current}:
            problems.append(f"{name} is listed in .ci/availability.txt but no longer named in Sources/Instill")
    for folder, _, files in os.walk(os.path.join(ROOT, "Sources", "Instill")):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                code = strip_code(open(path, encoding="utf-8").read())
                for match in re.finditer(r"\b(struct|class|enum|actor)\s+(\w+)\s*<[^>{]*\beach\b", code):
                    problems.append(
                        f"{os.path.relpath(path, ROOT)} declares {match.group(1)} {match.group(2)} with a parameter pack: "
                        "generic types with packs need macOS 14 / iOS 17 at run time, above the package's minimum")
    for problem in problems:
        print("error: " + problem)
    if problems:
        return 1
    print(f"{len(current)} availability-annotated names checked against the package's minimum macOS {'.'.join(map(str, minimum))}")
    return 0


sys.exit(main())
