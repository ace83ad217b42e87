import CompositorHarness
import Testing

/// The input script format: statements, times, frames, devices, keys and errors.
@Suite struct InputScriptTests {
    @Test func statementsAtOneTimeFormOneFrame() throws {
        let script = try InputScript("down 1 100,100 @0ms; down 2 300,100\nmove 1 120,110 @16ms; up 1 @200ms; up 2")
        #expect(
            script.frames == [
                .init(
                    milliseconds: 0, actions: [.touchDown(id: 1, x: 100, y: 100), .touchDown(id: 2, x: 300, y: 100)]),
                .init(milliseconds: 16, actions: [.touchMotion(id: 1, x: 120, y: 110)]),
                .init(milliseconds: 200, actions: [.touchUp(id: 1), .touchUp(id: 2)]),
            ])
    }

    @Test func mouseDownMovesThenPressesAndButtonsCanBeNamed() throws {
        let script = try InputScript(
            "down mouse 120,80 @0ms; up mouse @10ms; down mouse.right 5,6 @20ms; scroll mouse 0,-15 @30ms")
        #expect(
            script.frames.map(\.actions) == [
                [.pointerMotion(x: 120, y: 80), .pointerButton(button: 272, pressed: true)],
                [.pointerButton(button: 272, pressed: false)],
                [.pointerMotion(x: 5, y: 6), .pointerButton(button: 273, pressed: true)],
                [.scroll(axis: 0, value: -15)],
            ])
    }

    @Test func keysByNameOrCodeAndCommentsAreIgnored() throws {
        let script = try InputScript(
            "# a comment\npress shift @5ms   # trailing comment\npress a; release 30 @9ms\ncancel")
        #expect(
            script.frames == [
                .init(milliseconds: 5, actions: [.key(key: 42, pressed: true), .key(key: 30, pressed: true)]),
                .init(milliseconds: 9, actions: [.key(key: 30, pressed: false), .touchCancel]),
            ])
    }

    @Test func mistakesNameTheirLine() {
        #expect(throws: HarnessError.self) { try InputScript("down 1 oops @0ms") }
        #expect(throws: HarnessError.self) { try InputScript("move 1 1,1 @20ms\nmove 1 2,2 @10ms") }
        #expect(throws: HarnessError.self) { try InputScript("press nosuchkey") }
        do {
            _ = try InputScript("move mouse 1,1\nfly 1 2,2")
            Issue.record("accepted an unknown verb")
        } catch let error as HarnessError {
            #expect(error.description.hasPrefix("input script line 2:"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
