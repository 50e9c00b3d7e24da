#!/usr/bin/env bash
# Sets the grader up once, from the export's autograder.zip unpacked in $ROOT/source: on
# Gradescope when it builds its image (as root, in /autograder), in the PrairieLearn image's
# build, and in the GitHub workflows. It installs Swift if it is missing (nothing else is
# fetched), builds the grader from the workbook in the zip, and grades the exercise's reference
# solution once: that proves the checks and rubric sound (the reference must earn every point)
# and builds the engine into the cache, so that each submission compiles only the student's code.
# Run again on the same folder (a cache restored, a later export), it keeps what is unchanged
# (sync-folder.sh), and the build compiles only what changed.
set -euo pipefail

EXERCISE=@EXERCISE@
# /autograder on Gradescope; another folder to set the grader up elsewhere.
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"
export PATH="/opt/swift/usr/bin:$PATH"

bash "$SOURCE/install-swift.sh"
swift --version

# The hidden checks and the rubric are root's alone: students' apps run as users of their own.
chmod 700 "$SOURCE"
rm -rf "$ROOT/grading" "$ROOT/reference-report"
bash "$SOURCE/sync-folder.sh" "$SOURCE/workbook" "$ROOT/workbook"
install -d -m 700 "$ROOT/grading"
if [ -d "$SOURCE/grading" ]; then cp -a "$SOURCE/grading/." "$ROOT/grading/"; fi
chmod -R go-rwx "$ROOT/grading"

# The grader alone: the workbook's sources it needs and swift-syntax's parser, under a
# manifest of its own; with no index for an editor, which would cost a sixth of the build.
mkdir -p "$ROOT/grader/Sources"
cmp -s "$SOURCE/grader/Package.swift" "$ROOT/grader/Package.swift" || cp "$SOURCE/grader/Package.swift" "$ROOT/grader/Package.swift"
bash "$SOURCE/sync-folder.sh" "$SOURCE/grader/swift-syntax" "$ROOT/grader/swift-syntax"
GRADER_TARGETS=(@GRADER_TARGETS@)
for target in "${GRADER_TARGETS[@]}"; do
  link="$ROOT/grader/Sources/$target"
  [ "$(readlink "$link" 2>/dev/null)" = "$ROOT/workbook/Sources/$target" ] || ln -sfn "$ROOT/workbook/Sources/$target" "$link"
done
swift build --package-path "$ROOT/grader" --product WorkbookAutograder --disable-index-store

GRADING=(@GRADING@)
"$ROOT/grader/.build/debug/WorkbookAutograder" "$EXERCISE" --reference-solution --root "$ROOT/workbook" \
  --cache "$ROOT/cache" --report "$ROOT/reference-report" "${GRADING[@]}"
