#!/usr/bin/env bash
# Proves WaylandUI works as a versioned dependency: a tagged copy of this working tree becomes a local git
# repository, the consumer app in Tests/Fixtures/ConsumerApp depends on it with `from: "0.1.0"`, builds in each of
# CONSUMER_CONFIGURATIONS (default: debug and release), and each build draws its first frame offscreen; two pixels
# of that PNG (colours of its asset catalog) are checked.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d /tmp/waylandui-consumer.XXXXXX)
trap 'rm -rf "$work"' EXIT

# The working tree as it is (committed or not), tagged, the way an app author would find a release.
mkdir "$work/WaylandUI"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] || [ -L "$file" ] || continue          # deleted but not yet committed
    mkdir -p "$work/WaylandUI/$(dirname "$file")"
    cp -P "$file" "$work/WaylandUI/$file"
done
git -C "$work/WaylandUI" init -q
git -C "$work/WaylandUI" add -A
git -C "$work/WaylandUI" -c user.name=ci -c user.email=ci@localhost commit -qm "release"
git -C "$work/WaylandUI" tag 0.1.0

cp -R Tests/Fixtures/ConsumerApp "$work/ConsumerApp"
cat > "$work/ConsumerApp/Package.swift" <<MANIFEST
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ConsumerApp",
    dependencies: [.package(url: "file://$work/WaylandUI", from: "0.1.0")],
    targets: [
        .executableTarget(name: "ConsumerApp", dependencies: [.product(name: "WaylandUI", package: "WaylandUI")],
                          resources: [.process("Assets.xcassets")]),
        .testTarget(name: "ConsumerAppTests",
                    dependencies: ["ConsumerApp", .product(name: "WaylandUITesting", package: "WaylandUI")]),
    ]
)
MANIFEST

pixel() { convert "$1" -alpha off -format "%[pixel:p{$2}]" info:; }
failed=0
configurations=(${CONSUMER_CONFIGURATIONS:-debug release})
for configuration in "${configurations[@]}"; do
    echo "consumer package: building in $configuration against WaylandUI 0.1.0"
    if ! (cd "$work/ConsumerApp" && swift build -c "$configuration" >"$work/build-$configuration.log" 2>&1); then
        tail -n 40 "$work/build-$configuration.log"
        echo "consumer package: the $configuration build failed"; failed=$((failed + 1)); continue
    fi
    binary="$(cd "$work/ConsumerApp" && swift build -c "$configuration" --show-bin-path)/ConsumerApp"
    shot="$work/$configuration.png"
    # No compositor reachable: the app draws its first frame offscreen.
    mkdir -p "$work/runtime" && chmod 700 "$work/runtime"
    env -u WAYLAND_DISPLAY -u WAYLAND_SOCKET XDG_RUNTIME_DIR="$work/runtime" \
        "$binary" --size 120x80 --screenshot "$shot" >"$work/run-$configuration.log" 2>&1 || true
    corner=$(pixel "$shot" 5,5 2>/dev/null || echo none)
    centre=$(pixel "$shot" 60,40 2>/dev/null || echo none)
    if [ "$corner" = "srgb(255,0,0)" ] && [ "$centre" = "srgb(0,0,255)" ]; then
        echo "consumer package: $configuration passed (corner $corner, centre $centre)"
    else
        cat "$work/run-$configuration.log"
        echo "consumer package: $configuration failed: corner $corner (want srgb(255,0,0)), centre $centre (want srgb(0,0,255))"
        failed=$((failed + 1))
    fi
done
# The app author's own headless UI test (WaylandUITesting), as the README shows it.
echo "consumer package: swift test with WaylandUITesting"
if (cd "$work/ConsumerApp" && swift build --build-tests >"$work/test-build.log" 2>&1 && swift test --skip-build >"$work/test.log" 2>&1); then
    echo "consumer package: swift test passed"
else
    tail -n 40 "$work/test-build.log" "$work/test.log" 2>/dev/null
    echo "consumer package: swift test failed"; failed=$((failed + 1))
fi
checks=$((${#configurations[@]} + 1))
if [ "$failed" -eq 0 ]; then echo "consumer package: all $checks checks passed"; else echo "consumer package: $failed of $checks checks failed"; fi
[ "$failed" -eq 0 ]
