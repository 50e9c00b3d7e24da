#!/usr/bin/env bash
# sync-folder.sh FROM TO: brings TO, the set-up's copy of a folder of the export's zip, up to
# FROM file by file. A file whose bytes changed is copied anew, with the current time; a file
# FROM no longer has goes; the others are left as they are. Every file of the zip carries the
# same fixed time, and Swift's incremental build goes by modification times: a copy that kept
# them (cp -a) would leave changed sources uncompiled, and a grader set up again (a self-hosted
# runner, a second export) would be built from a mix of the old workbook and the new.
set -euo pipefail

FROM="${1:?usage: sync-folder.sh FROM TO}"
TO="${2:?usage: sync-folder.sh FROM TO}"
mkdir -p "$TO"
while IFS= read -r -d '' file; do
  if ! cmp -s "$FROM/$file" "$TO/$file"; then
    mkdir -p "$(dirname "$TO/$file")"
    rm -f "$TO/$file"
    cp --preserve=mode "$FROM/$file" "$TO/$file"
  fi
done < <(cd "$FROM" && find . -type f -print0)
while IFS= read -r -d '' file; do
  [ -e "$FROM/$file" ] || rm -f "$TO/$file"
done < <(cd "$TO" && find . -type f -print0)
