#!/usr/bin/env bash
# Gradescope runs this once, as root on its Ubuntu image, when it builds the autograder
# (this zip is unpacked in /autograder/source). It installs Swift if the image lacks it,
# builds the grader from the workbook in the zip (nothing else is fetched), and grades the
# exercise's reference solution once: that builds the engine into the cache, so that each
# submission compiles only the student's code, and proves the checks and rubric sound.
set -euo pipefail

SWIFT_VERSION='6.3'
EXERCISE=@EXERCISE@
# /autograder on Gradescope; another folder to try the bundle elsewhere.
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"
SWIFT_ROOT=/opt/swift
export PATH="$SWIFT_ROOT/usr/bin:$PATH"

install_swift() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # The toolchain's needs, as swift.org lists them for Ubuntu, and SQLite's headers for CoreData.
  apt-get install -y --no-install-recommends \
    ca-certificates curl gnupg2 binutils git libc6-dev libcurl4-openssl-dev libedit2 \
    libncurses-dev libpython3-dev libsqlite3-0 libsqlite3-dev libxml2-dev libz3-dev pkg-config tzdata zlib1g-dev
  # shellcheck source=/dev/null  # the image's own, not in this repository
  . /etc/os-release
  # The C and C++ runtime headers swift links against are named after the release's gcc.
  case "$VERSION_ID" in
    24.04) apt-get install -y --no-install-recommends libgcc-13-dev libstdc++-13-dev ;;
    22.04) apt-get install -y --no-install-recommends libgcc-11-dev libstdc++-11-dev ;;
    20.04) apt-get install -y --no-install-recommends libgcc-9-dev libstdc++-9-dev ;;
    *) echo "setup.sh: swift.org has no Swift for Ubuntu $VERSION_ID" >&2; exit 1 ;;
  esac
  # swift.org's tarball for this release of Ubuntu, checked against swift.org's signing keys.
  platform="ubuntu$VERSION_ID"
  arch=""
  if [ "$(uname -m)" = aarch64 ]; then arch="-aarch64"; fi
  name="swift-$SWIFT_VERSION-RELEASE"
  url="https://download.swift.org/swift-$SWIFT_VERSION-release/${platform//./}$arch/$name/$name-$platform$arch.tar.gz"
  download=$(mktemp -d)
  curl -fsSL -o "$download/swift.tar.gz" "$url"
  curl -fsSL -o "$download/swift.tar.gz.sig" "$url.sig"
  curl -fsSL https://www.swift.org/keys/all-keys.asc | gpg --batch --quiet --import -
  gpg --batch --verify "$download/swift.tar.gz.sig" "$download/swift.tar.gz"
  rm -rf "$SWIFT_ROOT"
  mkdir -p "$SWIFT_ROOT"
  tar -xzf "$download/swift.tar.gz" -C "$SWIFT_ROOT" --strip-components=1
  rm -rf "$download"
  echo "export PATH=\"$SWIFT_ROOT/usr/bin:\$PATH\"" > /etc/profile.d/swift.sh
}

case "$(swift --version 2>/dev/null || true)" in
  *"Swift version $SWIFT_VERSION"*) echo "Swift $SWIFT_VERSION is already installed" ;;
  *) install_swift ;;
esac
swift --version

# The hidden checks and the rubric are root's alone: students' apps run as users of their own.
chmod 700 "$SOURCE"
rm -rf "$ROOT/workbook" "$ROOT/grader" "$ROOT/grading" "$ROOT/cache" "$ROOT/reference-report"
cp -a "$SOURCE/workbook" "$ROOT/workbook"
install -d -m 700 "$ROOT/grading"
if [ -d "$SOURCE/grading" ]; then cp -a "$SOURCE/grading/." "$ROOT/grading/"; fi
chmod -R go-rwx "$ROOT/grading"

# The grader alone: the workbook's sources it needs and swift-syntax's parser, under a
# manifest of its own.
mkdir -p "$ROOT/grader/Sources"
cp "$SOURCE/grader/Package.swift" "$ROOT/grader/Package.swift"
cp -a "$SOURCE/grader/swift-syntax" "$ROOT/grader/swift-syntax"
GRADER_TARGETS=(@GRADER_TARGETS@)
for target in "${GRADER_TARGETS[@]}"; do
  ln -s "$ROOT/workbook/Sources/$target" "$ROOT/grader/Sources/$target"
done
swift build --package-path "$ROOT/grader" --product WorkbookAutograder

GRADING=(@GRADING@)
"$ROOT/grader/.build/debug/WorkbookAutograder" "$EXERCISE" --reference-solution --root "$ROOT/workbook" \
  --cache "$ROOT/cache" --report "$ROOT/reference-report" "${GRADING[@]}"
