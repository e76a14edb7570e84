#!/usr/bin/env python3
"""Lints the release workflow (it cannot run here): valid YAML, triggered by version tags, one job
per platform with the installer formats each must produce, and the Tauri conventions."""
import sys
import yaml

PATH = ".github/workflows/release.yml"
EXPECTED = {
    "linux": ("ubuntu", {"deb", "rpm", "appimage"}),
    "windows": ("windows", {"msi", "nsis"}),
    "macos": ("macos", {"app", "dmg"}),
}


def fail(message):
    print(f"release workflow: {message}", file=sys.stderr)
    sys.exit(1)


def bundles_of(args):
    words = args.split()
    if "--bundles" not in words:
        fail(f"no --bundles in {args!r}")
    return set(words[words.index("--bundles") + 1].split(","))


def main():
    with open(PATH, encoding="utf-8") as f:
        workflow = yaml.safe_load(f)
    triggers = workflow.get("on") or workflow.get(True)  # YAML 1.1 reads `on` as true
    tags = (triggers or {}).get("push", {}).get("tags", [])
    if "v*" not in tags:
        fail("not triggered by v* tags")
    job = workflow["jobs"]["bundle"]
    matrix = {entry["name"]: entry for entry in job["strategy"]["matrix"]["include"]}
    if set(matrix) != set(EXPECTED):
        fail(f"matrix has {sorted(matrix)}, expected {sorted(EXPECTED)}")
    for name, (runner, bundles) in EXPECTED.items():
        entry = matrix[name]
        if not entry["platform"].startswith(runner):
            fail(f"{name} runs on {entry['platform']}")
        if bundles_of(entry["args"]) != bundles:
            fail(f"{name} builds {sorted(bundles_of(entry['args']))}, expected {sorted(bundles)}")
    if "universal-apple-darwin" not in matrix["macos"]["args"]:
        fail("macOS build is not universal")
    uses = [step.get("uses", "") for step in job["steps"]]
    if not any(u.startswith("tauri-apps/tauri-action@") for u in uses):
        fail("does not use tauri-apps/tauri-action")
    runs = " ".join(step.get("run", "") for step in job["steps"])
    if "scripts/sidecar.sh" not in runs:
        fail("does not build the pbrain-gomoku sidecar (scripts/sidecar.sh)")
    action = next(s for s in job["steps"] if s.get("uses", "").startswith("tauri-apps/tauri-action@"))
    if "--config src-tauri/tauri.bundle.conf.json" not in action.get("with", {}).get("args", ""):
        fail("the bundle does not use src-tauri/tauri.bundle.conf.json (the sidecar)")
    if workflow.get("permissions", {}).get("contents") != "write":
        fail("needs contents: write to upload release assets")
    print(f"release workflow: ok ({', '.join(f'{n}: {sorted(b)}' for n, (_, b) in EXPECTED.items())})")


if __name__ == "__main__":
    main()
