#!/usr/bin/env bash
# The GitHub Classroom workflow's steps (.github/workflows/classroom.yml), run from the root of
# the student's repository. The grader is set up in ~/.workbook-autograder from the
# autograder.zip beside this script (the workbook this template was exported from, and the
# grader built from it), exactly as on Gradescope; each criterion's step then reads its part
# of the one grading's results. The command grader hands its commands only PATH and HOME, so
# everything is found from those and from the current folder.
#
#   classroom.sh setup            Swift 6.3 if missing, then the grader (kept when set up already)
#   classroom.sh fetch-checks     the hidden checks, from where the instructor's secrets say
#   classroom.sh grade            builds and grades this repository, once
#   classroom.sh criterion TAG    one criterion's feedback; exits 1 unless its points were earned
set -euo pipefail

EXERCISE=@EXERCISE@
# Whether this template was exported with hidden checks: grading then refuses to go on without them.
HIDDEN_CHECKS=@HIDDEN_CHECKS@
HERE=.workbook
ROOT="$HOME/.workbook-autograder"
GRADER="$ROOT/grader/.build/debug/WorkbookAutograder"
CHECKS="$ROOT/hidden-checks"
export PATH="/opt/swift/usr/bin:$PATH"

setup() {
  bash "$HERE/install-swift.sh"
  if [ -n "${GITHUB_PATH:-}" ]; then echo "/opt/swift/usr/bin" >> "$GITHUB_PATH"; fi
  mkdir -p "$ROOT"
  rm -rf "$ROOT/source"
  unzip -q "$HERE/autograder.zip" -d "$ROOT/source"
  AUTOGRADER_ROOT="$ROOT" bash "$ROOT/source/setup.sh"
}

# A .tar.gz or a .zip (GitHub's archive links are both), told apart by their first bytes.
unpack() {
  case "$(head -c 2 "$1" | od -An -tx1 | tr -d ' \n')" in
    1f8b) tar -xzf "$1" -C "$2" ;;
    504b) unzip -q "$1" -d "$2" ;;
    *) echo "The hidden checks fetched from WORKBOOK_CHECKS_URL are neither a .tar.gz nor a .zip." >&2; exit 1 ;;
  esac
}

fetch_checks() {
  local repository="${WORKBOOK_CHECKS_REPOSITORY:-}" url="${WORKBOOK_CHECKS_URL:-}" token="${WORKBOOK_CHECKS_TOKEN:-}"
  local fetched="$ROOT/fetched-checks"
  rm -rf "$CHECKS" "$fetched"
  mkdir -p "$fetched"
  if [ -n "$repository" ]; then
    # owner/name on GitHub, or any git URL.
    case "$repository" in
      *://* | /*) source_url="$repository" ;;
      *) source_url="https://github.com/$repository.git" ;;
    esac
    auth=()
    if [ -n "$token" ]; then
      auth=(-c "http.extraHeader=Authorization: Basic $(printf 'x-access-token:%s' "$token" | base64 -w0)")
    fi
    git "${auth[@]}" clone --quiet --depth 1 "$source_url" "$fetched/repository"
  elif [ -n "$url" ]; then
    header=()
    if [ -n "$token" ]; then header=(-H "Authorization: Bearer $token"); fi
    curl -fsSL "${header[@]}" -o "$ROOT/checks-archive" "$url"
    mkdir -p "$fetched/archive"
    unpack "$ROOT/checks-archive" "$fetched/archive"
    rm -f "$ROOT/checks-archive"
  else
    echo "This assignment is graded with hidden checks, and the workflow was given no place to fetch them from:" >&2
    echo "the instructor sets the secret WORKBOOK_CHECKS_REPOSITORY (or WORKBOOK_CHECKS_URL) and WORKBOOK_CHECKS_TOKEN." >&2
    exit 1
  fi
  # The checks are the .scenario files of the folder named checks, wherever the fetched tree has it.
  folder=$(find "$fetched" -type d -name checks -not -path '*/.git/*' | head -n 1)
  if [ -z "$folder" ] || ! ls "$folder"/*.scenario >/dev/null 2>&1; then
    echo "The hidden checks were fetched, but no checks/ folder of .scenario files is in them." >&2
    exit 1
  fi
  mkdir -p "$CHECKS"
  cp "$folder"/*.scenario "$CHECKS/"
  rm -rf "$fetched"
  echo "Hidden checks fetched: $(find "$CHECKS" -name '*.scenario' | wc -l)."
}

grade() {
  local grading=()
  if [ "$HIDDEN_CHECKS" = yes ]; then
    if [ ! -d "$CHECKS" ]; then
      echo "The hidden checks were not fetched, so this repository is not graded (see the step that fetches them)." >&2
      exit 1
    fi
    grading+=(--checks "$CHECKS")
  fi
  if [ -f "$HERE/rubric.txt" ]; then grading+=(--rubric "$HERE/rubric.txt"); fi
  # The student's files under the name the set-up built the engine for: only their code compiles.
  rm -rf "$ROOT/submission" "$ROOT/report"
  mkdir -p "$ROOT/submission"
  tar --exclude=./.git --exclude=./.workbook -cf - . | tar -xf - -C "$ROOT/submission"
  "$GRADER" "$EXERCISE" "$ROOT/submission" --root "$ROOT/workbook" --cache "$ROOT/cache" --report "$ROOT/report" "${grading[@]}"
  # What `workbook check` prints, whole; each criterion's step shows its part.
  "$GRADER" show "$ROOT/report/results.json" || true
}

case "${1:-}" in
  setup) setup ;;
  fetch-checks) fetch_checks ;;
  grade) grade ;;
  criterion) "$GRADER" show "$ROOT/report/results.json" --criterion "$2" ;;
  *) echo "usage: classroom.sh setup | fetch-checks | grade | criterion TAG" >&2; exit 64 ;;
esac
