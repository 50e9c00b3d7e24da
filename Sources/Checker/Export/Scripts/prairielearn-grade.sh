#!/usr/bin/env bash
# PrairieLearn's external grader runs this in the question's grading container, as the
# question's info.json says: `grade.sh EXERCISE`. The image (image/Dockerfile) set the grader up
# in $AUTOGRADER_ROOT with the export's autograder.zip, as Gradescope's set-up does; this grades
# the student's upload (/grade/student/submission.zip) with the question's tests folder (its
# hidden checks and rubric) and leaves PrairieLearn's /grade/results/results.json.
# When the grader itself fails, no results.json is left and this exits 1: PrairieLearn then
# reports a failed grading job, not a score, since a grader failure is not a grade.
set -uo pipefail

EXERCISE="${1:?usage: grade.sh EXERCISE}"
ROOT="${AUTOGRADER_ROOT:-/opt/restoration-workbook}"
# /grade in PrairieLearn's container; another folder to try the grader elsewhere.
GRADE="${GRADE_ROOT:-/grade}"
RESULTS="$GRADE/results/results.json"
export PATH="/opt/swift/usr/bin:$PATH"

mkdir -p "$GRADE/results"
rm -f "$RESULTS"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The hidden checks and the rubric are root's alone: students' apps run as users of their own
# where the container lets the grader sandbox them.
GRADING=()
if [ -d "$GRADE/tests" ]; then chmod -R go-rwx "$GRADE/tests"; fi
if [ -d "$GRADE/tests/checks" ]; then GRADING+=(--checks "$GRADE/tests/checks"); fi
if [ -f "$GRADE/tests/rubric.txt" ]; then GRADING+=(--rubric "$GRADE/tests/rubric.txt"); fi

# The upload under the name the image's set-up built the engine for: only the student's code compiles.
if [ ! -f "$GRADE/student/submission.zip" ]; then
  printf '{"gradable": false, "format_errors": ["Upload your app as submission.zip: the zipped folder of its .swift files."]}\n' > "$RESULTS"
  exit 0
fi
cp "$GRADE/student/submission.zip" "$WORK/submission.zip"

status=0
"$ROOT/grader/.build/debug/WorkbookAutograder" "$EXERCISE" "$WORK/submission.zip" --root "$ROOT/workbook" \
  --cache "$ROOT/cache" --report "$WORK/report" "${GRADING[@]}" || status=$?

if [ "$status" -eq 0 ] && [ -f "$WORK/report/students/submission/prairielearn-results.json" ]; then
  cp "$WORK/report/students/submission/prairielearn-results.json" "$RESULTS"
  exit 0
fi
echo "The grader failed: it stopped with status $status before writing this submission's results." \
  "No results.json is left, so PrairieLearn records a failed grading job, not a score." >&2
exit 1
