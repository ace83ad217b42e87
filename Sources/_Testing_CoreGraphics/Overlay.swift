// The toolchain's Testing module declares a cross-import overlay for `Testing` + `CoreGraphics`
// (Testing.swiftcrossimport/CoreGraphics.swiftoverlay) but ships no such module on Linux, so any file that
// sees both (a test of a WaylandUI app, which re-exports CoreGraphics) would fail with "no such module
// '_Testing_CoreGraphics'". This empty module satisfies that import; it adds nothing.
