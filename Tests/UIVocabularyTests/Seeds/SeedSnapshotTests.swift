import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// Display-list snapshots of the three seed programs at their scenarios' window sizes, with the
/// gesture callbacks driven by hand (no recognition: tests state the phase) to reach each scenario.
@MainActor
@Suite struct SeedSnapshotTests {
    typealias Seed000Gesture = GestureStateGesture<_ChangedGesture<DragGesture>, CGSize>
    typealias Seed001Gesture = _EndedGesture<
        GestureStateGesture<SequenceGesture<LongPressGesture, DragGesture>, DraggableCircle.DragState>
    >
    typealias Seed002Gesture = _EndedGesture<_ChangedGesture<DragGesture>>

    // MARK: Seed 000, drag-reveal Text, window 400 × 800

    @Test func seed000Initial() {
        let graph = makeGraph(ContentView(), width: 400, height: 800)
        graph.update()
        // A-initial: blue everywhere (background padded by -h), the title2 text centred, full-rectangle mask.
        #expect(
            graph.displayList.description == """
                layer mask
                  | fill rect [0,0 400x800] rgb(0,0,0)
                  fill rect [-800,-800 2000x2400] rgb(0,122,255)
                  text "Lorem ipsum dolor sit am…" [18.5,190 363x420] 22.0pt rgb(0,0,0)
                """)
        let text = frame(of: "Text", in: graph)!
        #expect(text.midX == 200 && text.midY == 400)
    }

    @Test func seed000FirstMoveShowsCircleUnderPointer() throws {
        let graph = makeGraph(ContentView(), width: 400, height: 800)
        graph.update()
        let attached = try #require(GestureDriver.gestures(at: CGPoint(x: 100, y: 100), in: graph).first)
        let gesture = try #require(attached.gesture as? Seed000Gesture)
        #expect(attached.frameInWindow == CGRect(x: 0, y: 0, width: 400, height: 800))
        // Pointer down at (100,100): onChanged with translation 0; offset stays .zero (A-down-only).
        let down = GestureDriver.dragValue(start: CGPoint(x: 100, y: 100), location: CGPoint(x: 100, y: 100))
        drive(gesture, down)
        graph.update()
        #expect(graph.displayList.description.hasPrefix("layer mask\n  | fill rect [0,0 400x800]"))
        // Move to (101,100): offset (1,0); the mask is a circle of diameter ~800 (t ≈ 0) centred on screen at (101,100).
        let move = GestureDriver.dragValue(start: CGPoint(x: 100, y: 100), location: CGPoint(x: 101, y: 100))
        drive(gesture, move)
        graph.update()
        guard case .layer(let layer) = graph.displayList.items.first, case .mask(let mask) = layer.effect,
            case .fill(let circle) = mask.first, case .ellipse(let rect)? = circle.primitive
        else {
            Issue.record("expected a circular mask: \(graph.displayList)")
            return
        }
        #expect(abs(rect.midX - 101) < 0.001 && abs(rect.midY - 100) < 0.001)
        #expect(rect.width > 784 && rect.width <= 800)
        // The text moved with the offset.
        guard case .text(let text) = layer.items.last else {
            Issue.record("no text")
            return
        }
        #expect(text.frame.minX == 19.5)
        // Only the GeometryReader's content read the written state: ContentView's body ran once.
        let contentView = allNodes(graph).first { $0.debugName == "ContentView" }
        #expect(contentView?.compositeEvaluationCount == 1)
        // Release: the gesture state resets; the same output as A-initial.
        gesture.state.reset()
        graph.update()
        #expect(graph.displayList.description.hasPrefix("layer mask\n  | fill rect [0,0 400x800]"))
        #expect(!graph.damage.isEmpty)
    }

    private func drive(_ gesture: Seed000Gesture, _ value: DragGesture.Value) {
        gesture.base.action(value)
        var state = gesture.state.currentValue
        var transaction = Transaction()
        gesture.body(value, &state, &transaction)
        gesture.state.update(to: state, transaction: transaction)
    }

    // MARK: Seed 001, DraggableCircle, window 400 × 400

    @Test func seed001Initial() {
        let graph = makeGraph(DraggableCircle(), width: 400, height: 400)
        graph.update()
        // B-initial: blue disc d=100 centred at (200,200), no ring, no shadow.
        #expect(graph.displayList.description == "fill ellipse [150,150 100x100] rgb(0,122,255)")
    }

    @Test func seed001PressDragAndDrop() throws {
        let graph = makeGraph(DraggableCircle(), width: 400, height: 400)
        let clock = SecondsClock()  // the animation clock
        graph.animationClock = { clock.now }
        graph.update()
        let gesture = try #require(
            GestureDriver.gestures(at: CGPoint(x: 200, y: 200), in: graph).first?.gesture as? Seed001Gesture)
        let updating = gesture.content
        func update(_ value: SequenceGesture<LongPressGesture, DragGesture>.Value) {
            var state = updating.state.currentValue
            var transaction = Transaction()
            updating.body(value, &state, &transaction)
            updating.state.update(to: state, transaction: transaction)
            graph.update()
        }
        // Pressing: the shadow animates 0 ▸ 8 over 0.5 s (linear); at the press nothing is drawn yet.
        update(.first(true))
        #expect(graph.displayList.description == "fill ellipse [150,150 100x100] rgb(0,122,255)" && graph.isAnimating)
        // Half a second later: shadow radius 8 (B-pressing's target), no ring.
        clock.now = 0.5
        graph.update()
        #expect(
            graph.displayList.description == """
                layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0
                  fill ellipse [150,150 100x100] rgb(0,122,255)
                """)
        // Long press done: dragging with no translation: the white 2-point ring appears on the disc.
        update(.second(true, nil))
        #expect(graph.displayList.description.contains("layer opacity 0\n"))  // it fades in (0.5 s)
        clock.now = 1.0
        graph.update()
        #expect(
            graph.displayList.description == """
                layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0
                  fill ellipse [150,150 100x100] rgb(0,122,255)
                  stroke ellipse [150,150 100x100] rgb(255,255,255) width 2
                """)
        // Dragging by (100, 60): the disc follows (B-drag: centre (300,260)).
        let drag = GestureDriver.dragValue(start: CGPoint(x: 200, y: 200), location: CGPoint(x: 300, y: 260))
        update(.second(true, drag))
        #expect(
            graph.displayList.description == """
                layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0
                  fill ellipse [250,210 100x100] rgb(0,122,255)
                  stroke ellipse [250,210 100x100] rgb(255,255,255) width 2
                """)
        // Drop (B-drop): the state resets and onEnded adds the translation in the same update: no jump.
        updating.state.reset()
        gesture.action(.second(true, drag))
        graph.update()
        #expect(graph.displayList.description.hasPrefix("layer shadow rgba(0,0,0,0.33) radius 8 offset 0x0"))
        clock.now = 1.5  // the shadow has animated back to 0, the ring faded out
        graph.update()
        #expect(graph.displayList.description == "fill ellipse [250,210 100x100] rgb(0,122,255)")
        // The hit area moved with the disc (shape hit test, B-miss-corner style checks).
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 300, y: 260)) != nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 200, y: 200)) == nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 345, y: 305)) == nil)
    }

    // MARK: Seed 002, ScopeView, window 600 × 400

    @Test func seed002InitialIsInvisibleButHittable() {
        let graph = makeGraph(ScopeView(), width: 600, height: 400)
        graph.update()
        // C-initial: the mask's circle has opacity 0, so nothing of the image shows.
        #expect(
            graph.displayList.description == """
                layer mask
                  | layer opacity 0
                  |   fill ellipse [-125,-125 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 600x400]
                """)
        // The mask does not limit hit testing: a pointer-down anywhere reaches the drag gesture.
        for point in [CGPoint(x: 100, y: 100), CGPoint(x: 599, y: 399), CGPoint(x: 0, y: 0)] {
            #expect(GestureDriver.gestures(at: point, in: graph).count == 1)
        }
    }

    @Test func seed002RevealFollowAndHide() throws {
        let graph = makeGraph(ScopeView(), width: 600, height: 400)
        graph.update()
        let gesture = try #require(
            GestureDriver.gestures(at: CGPoint(x: 100, y: 100), in: graph).first?.gesture as? Seed002Gesture)
        // C-reveal: down at (100,100) shows the disc d=250 centred there.
        gesture.content.action(
            GestureDriver.dragValue(start: CGPoint(x: 100, y: 100), location: CGPoint(x: 100, y: 100)))
        graph.update()
        #expect(
            graph.displayList.description == """
                layer mask
                  | fill ellipse [-25,-25 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 600x400]
                """)
        // C-follow: the disc is centred at the latest location.
        gesture.content.action(
            GestureDriver.dragValue(start: CGPoint(x: 100, y: 100), location: CGPoint(x: 450, y: 300)))
        graph.update()
        #expect(graph.displayList.description.contains("fill ellipse [325,175 250x250]"))
        // Only the old and new disc areas are damaged.
        #expect(graph.damage.allSatisfy { CGRect(x: -25, y: -25, width: 600, height: 450).contains($0) })
        // C-hide: release hides the image again; the position is kept.
        gesture.action(GestureDriver.dragValue(start: CGPoint(x: 100, y: 100), location: CGPoint(x: 450, y: 300)))
        graph.update()
        #expect(
            graph.displayList.description == """
                layer mask
                  | layer opacity 0
                  |   fill ellipse [325,175 250x250] rgb(0,0,0)
                  image resource:Landscape [0,0 600x400]
                """)
    }

    @Test func seed002StretchesImageToWiderWindow() {
        let graph = makeGraph(ScopeView(), width: 800, height: 400)
        graph.update()
        // C-corner-and-stretch: the image is stretched non-uniformly to the whole window.
        #expect(graph.displayList.description.hasSuffix("image resource:Landscape [0,0 800x400]"))
    }
}

@MainActor
@Suite struct SeedLayoutSnapshotTests {
    @Test func seed001LayoutTree() {
        let graph = makeGraph(DraggableCircle(), width: 400, height: 400)
        graph.update()
        // The circle's 100×100 frame is centred by the root; every wrapper shares the frame.
        #expect(
            graph.layoutDescription == """
                DraggableCircle
                  gesture(normal) [150,150 100x100]
                    AnimationNode [150,150 100x100]
                      shadow(color: rgba(0,0,0,0.33), radius: 0.0, x: 0.0, y: 0.0) [150,150 100x100]
                        offset0x0 [150,150 100x100]
                          frame(100x100) [150,150 100x100]
                            AnimationNode [150,150 100x100]
                              overlay [150,150 100x100]
                                Circle [150,150 100x100]
                                SecondaryHostNode [200,200 0x0]
                """)
    }
}

/// A hand-moved animation clock, in seconds.
@MainActor private final class SecondsClock { var now = 0.0 }
