#!/usr/bin/env bash
# Installs the Debian packages WaylandUI needs to build, test and run, if any are missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
# `--bench` adds what only `make bench-e2e` needs (the GTK4 peer, the harness's JSON queries), so `make test` does
# not pay for GTK.
set -euo pipefail

packages=(
  pkg-config libwayland-dev libxkbcommon-dev libx11-data           # Wayland client, keyboard maps, compose tables
  libpixman-1-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev # rendering and text
  libpng-dev libjpeg62-turbo-dev                                    # images
  libdbus-1-dev                                                     # the desktop's settings portal (dark style)
  fonts-inter fonts-noto-core fonts-noto-cjk fonts-dejavu-core      # UI font, fallbacks, pinned test font
  weston libweston-10-dev                                           # headless compositor for tests and `make run`
  sway grim cage xwayland wl-clipboard wtype                        # wlroots compositors (cage: `make kiosk`), screenshots, wl-copy/wl-paste, a virtual keyboard per command
  mutter dbus dbus-daemon pipewire pipewire-bin wireplumber         # GNOME's compositor headless, for tests (Tests/CompositorHarness/Mutter)
  gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  python3 python3-gi python3-dbus gir1.2-glib-2.0 gcc libc6-dev libglib2.0-dev
  imagemagick                                                       # decoding compositor screenshots in tests
  desktop-file-utils                                                # validating the desktop entries apps install
)
if [ "${1:-}" = --bench ]; then
  packages+=(libgtk-4-dev jq)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

command="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "WaylandUI needs these Debian packages: ${missing[*]}" >&2
  echo "Install them with:  sudo apt-get update && sudo $command" >&2
  exit 1
fi
echo "Installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
$command >/dev/null
