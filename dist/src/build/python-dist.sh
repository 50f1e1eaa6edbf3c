#!/usr/bin/env bash
# The wheel and the sdist of the Python package, built with PyPA's build (installed from PyPI into a virtual
# environment under target/ when the given Python does not have it), into the distribution's python/ directory.
# Fails when the package's version (navpack.__version__) is not the release's.
# Arguments: PYTHON VERSION PYTHON_PROJECT_DIR OUT_DIR WORK_DIR
set -euo pipefail
python="$1" version="$2" project="$3" out="$4" work="$5"

declared="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$project/src/navpack/__init__.py")"
if [ "$declared" != "$version" ]; then
  echo "python/src/navpack/__init__.py says __version__ = \"$declared\", the release is $version:" \
       "give both the same version (the root pom.xml's <version> and __version__)" >&2
  exit 1
fi
if ! command -v "$python" >/dev/null 2>&1; then
  echo "no $python to build the Python package with: install Python 3.10 or newer, or name it with -Dnavpack.dist.python=..." >&2
  exit 1
fi
if ! "$python" -c 'import build' 2>/dev/null; then
  if [ ! -x "$work/venv/bin/python" ]; then
    "$python" -m venv "$work/venv"
    "$work/venv/bin/pip" install -q --disable-pip-version-check build
  fi
  python="$work/venv/bin/python"
fi
rm -rf "$out" "$work/src"
mkdir -p "$out" "$work"
# build from a copy: build writes into the project (egg-info, dist/) otherwise
cp -r "$project" "$work/src"
rm -rf "$work/src/target" "$work/src/dist" "$work/src/build"
"$python" -m build --sdist --wheel --outdir "$out" "$work/src" >"$work/build.log" 2>&1 \
  || { cat "$work/build.log" >&2; exit 1; }
for f in "navpack-$version-py3-none-any.whl" "navpack-$version.tar.gz"; do
  if [ ! -f "$out/$f" ]; then
    echo "python build made $(ls "$out"), not $f" >&2
    exit 1
  fi
done
echo "python: $(ls "$out" | tr '\n' ' ')"
