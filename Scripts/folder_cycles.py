#!/usr/bin/env python3
"""Checks the rule of ARCHITECTURE.md: inside a module, no folder uses a folder that uses it back.

A module is a folder of Sources/ (or of Sources/Providers/); its folders are the folders directly inside it,
and the files at its top form a folder of their own, "(top)". A folder uses another when one of its files
names a type, protocol, alias or free function declared at the top level of a file in the other (comments
and string literals are not read). The folders of a module that use each other in a ring are printed, each
with one use per step that closes it, and the script exits 1; it exits 0 when every module's folders form a
one-way graph.

    Scripts/folder_cycles.py [--pending MODULE]... [SOURCES_FOLDER]

A module named with --pending has rings known and still to be cut: they are printed, but do not fail the
check, so that every other module is kept one-way meanwhile.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r"^(?:(?:public|internal|private|fileprivate|package|open|final|indirect|nonisolated|@\w+(?:\([^)]*\))?)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)",
    re.M,
)
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip(text):
    """The text without comments and string literals, so that a word in prose is no use."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            i = n if j < 0 else j + 3
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def modules(root):
    for name in sorted(os.listdir(root)):
        path = os.path.join(root, name)
        if not os.path.isdir(path):
            continue
        if name == "Providers":
            for provider in sorted(os.listdir(path)):
                if os.path.isdir(os.path.join(path, provider)):
                    yield f"Providers/{provider}", os.path.join(path, provider)
        else:
            yield name, path


def folder_of(module_path, file_path):
    relative = os.path.relpath(file_path, module_path)
    return relative.split(os.sep)[0] if os.sep in relative else "(top)"


def cycles(module_path):
    files = {}
    for folder, _, names in os.walk(module_path):
        for name in names:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    files[path] = strip(f.read())
    declared = {}
    for path, text in files.items():
        for match in DECLARATION.finditer(text):
            declared.setdefault(match.group(1), set()).add(folder_of(module_path, path))
    uses = {}
    for path, text in files.items():
        mine = folder_of(module_path, path)
        for word in set(IDENTIFIER.findall(text)):
            for other in declared.get(word, ()):
                if other != mine and mine not in declared[word]:
                    uses.setdefault(mine, {}).setdefault(other, (os.path.basename(path), word))
    # Strongly connected components (Tarjan), then one ring through each.
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in uses.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(uses):
        if v not in index:
            visit(v)
    return found, uses


def main():
    arguments = sys.argv[1:]
    pending = set()
    while arguments[:1] == ["--pending"] and len(arguments) > 1:
        pending.add(arguments[1])
        arguments = arguments[2:]
    root = arguments[0] if arguments else os.path.join(os.path.dirname(__file__), "..", "Sources")
    failed = False
    for name, path in modules(root):
        found, uses = cycles(path)
        for component in found:
            if name in pending:
                print(f"{name} (still to be cut): folders that use each other: {', '.join(component)}")
                continue
            failed = True
            print(f"{name}: folders that use each other: {', '.join(component)}")
            for a in component:
                for b in component:
                    if b in uses.get(a, {}):
                        file, word = uses[a][b]
                        print(f"  {a} -> {b}: {file} names {word}")
    if not failed:
        print("every module's folders form a one-way graph" + (" but those still to be cut" if pending else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
