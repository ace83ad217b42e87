// Headless UI tests for WaylandUI apps, in the app author's own `swift test`: start a private headless
// compositor (`Compositor.start(.weston)`, `.sway` or `.mutter`), launch the app with a probe
// (`launchProbedClient`), inject touch, pointer and keys (`play("down 1 100,100 @0ms; up 1 @40ms")`), wait for
// the facts the app reports (`ProbeLog`) and compare screenshots (`Screenshot`, `PixelComparison`).
// The same harness runs WaylandUI's own tests.
@_exported import CompositorHarness
