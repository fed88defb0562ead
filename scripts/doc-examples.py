#!/usr/bin/env python3
"""Lists the library's public items that no doc example shows.

Run by hand (not in CI: it needs a nightly toolchain's rustdoc JSON), from the repository's root:

    scripts/doc-examples.py

It builds the rustdoc JSON of the library (`cargo +nightly rustdoc --lib -- -Z unstable-options
--output-format json`, into target/doc-json), walks every item reachable from the crate root
through public modules and re-exports, with the inherent methods of public types, and counts
an item as shown when its own docs hold a code block, or when its name is written in a code
block of its type's docs (for a method) or of its module's docs. Prints the count and each
item not shown; exits 1 when there is one.
"""
import json
import os
import re
import subprocess
import sys

TARGET = os.path.join("target", "doc-json")


def code_of(item):
    """The text of the code blocks of an item's docs."""
    parts = (item.get("docs") or "").split("```")
    return " ".join(parts[1::2])


def named(name, code):
    return bool(re.search(r"\b" + re.escape(name) + r"\b", code))


def main():
    env = dict(os.environ, CARGO_TARGET_DIR=TARGET)
    cmd = ["cargo", "+nightly", "rustdoc", "-q", "--lib", "--",
           "-Z", "unstable-options", "--output-format", "json"]
    if subprocess.run(cmd, env=env).returncode != 0:
        sys.exit("cannot build the rustdoc JSON (is a nightly toolchain installed?)")
    data = json.load(open(os.path.join(TARGET, "doc", "seega.json")))
    index = data["index"]
    seen, items = set(), []

    def walk(iid, path, module_code):
        iid = str(iid)
        if iid in seen or iid not in index:
            return
        seen.add(iid)
        item = index[iid]
        kind = next(iter(item["inner"]))
        inner = item["inner"][kind]
        name = item.get("name")
        if kind == "module":
            for child in inner["items"]:
                walk(child, path + [name], code_of(item))
            return
        if kind == "use":
            if inner.get("id") is not None:
                walk(inner["id"], path, module_code)
            return
        if item.get("visibility") != "public":
            return
        if kind not in ("struct", "enum", "trait", "function", "constant", "static",
                        "type_alias", "macro"):
            return
        shown = "```" in (item.get("docs") or "") or named(name, module_code)
        items.append(("::".join(path + [name]), shown))
        for impl_id in inner.get("impls") or []:
            imp = index.get(str(impl_id), {}).get("inner", {}).get("impl")
            if not imp or imp.get("trait") is not None or imp.get("is_synthetic") \
                    or imp.get("blanket_impl"):
                continue
            around = code_of(item) + " " + module_code
            for m in imp["items"]:
                method = index.get(str(m))
                if method and method.get("visibility") == "public":
                    mname = method.get("name") or "?"
                    shown = "```" in (method.get("docs") or "") or named(mname, around)
                    items.append(("::".join(path + [name, mname]), shown))

    root = index[str(data["root"])]
    walk(data["root"], [], code_of(root))
    missing = [path for path, shown in items if not shown]
    print(f"{len(items)} public items, {len(items) - len(missing)} shown in a doc example")
    for path in missing:
        print(f"not shown: {path}")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
