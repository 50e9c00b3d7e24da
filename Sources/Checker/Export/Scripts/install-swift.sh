#!/usr/bin/env bash
# Installs Swift 6.3 in /opt/swift from swift.org, checked against swift.org's signing keys,
# unless it is there already: the graders' set-up (Gradescope's, the PrairieLearn image's) and
# the GitHub workflows all run this. On Ubuntu 20.04, 22.04 and 24.04, as root or with sudo.
set -euo pipefail

SWIFT_VERSION='6.3'
SWIFT_ROOT=/opt/swift
export PATH="$SWIFT_ROOT/usr/bin:$PATH"

case "$(swift --version 2>/dev/null || true)" in
  *"Swift version $SWIFT_VERSION"*) echo "Swift $SWIFT_VERSION is already installed"; exit 0 ;;
esac

if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
# The toolchain's needs, as swift.org lists them for Ubuntu, and SQLite's headers for CoreData.
"${as_root[@]}" apt-get install -y --no-install-recommends \
  ca-certificates curl gnupg2 binutils git libc6-dev libcurl4-openssl-dev libedit2 \
  libncurses-dev libpython3-dev libsqlite3-0 libsqlite3-dev libxml2-dev libz3-dev pkg-config tzdata unzip zlib1g-dev
# shellcheck source=/dev/null  # the image's own, not in this repository
. /etc/os-release
# The C and C++ runtime headers swift links against are named after the release's gcc.
case "$VERSION_ID" in
  24.04) "${as_root[@]}" apt-get install -y --no-install-recommends libgcc-13-dev libstdc++-13-dev ;;
  22.04) "${as_root[@]}" apt-get install -y --no-install-recommends libgcc-11-dev libstdc++-11-dev ;;
  20.04) "${as_root[@]}" apt-get install -y --no-install-recommends libgcc-9-dev libstdc++-9-dev ;;
  *) echo "install-swift.sh: swift.org has no Swift for Ubuntu $VERSION_ID" >&2; exit 1 ;;
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
"${as_root[@]}" rm -rf "$SWIFT_ROOT"
"${as_root[@]}" mkdir -p "$SWIFT_ROOT"
"${as_root[@]}" tar -xzf "$download/swift.tar.gz" -C "$SWIFT_ROOT" --strip-components=1
rm -rf "$download"
echo "export PATH=\"$SWIFT_ROOT/usr/bin:\$PATH\"" | "${as_root[@]}" tee /etc/profile.d/swift.sh >/dev/null
swift --version
