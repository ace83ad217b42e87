import Foundation
import Testing

@_spi(Engine) @testable import UICore

@MainActor
@Suite struct HitTestTests {
    @Test func circleHitTestsByItsPath() {
        let graph = makeGraph(Circle().frame(width: 100, height: 100).onTapGesture {}, width: 400, height: 400)
        graph.update()
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 200, y: 200)) != nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 249, y: 200)) != nil)
        // B-miss-corner: inside the 100×100 frame, 63.6 points from the centre.
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 245, y: 245)) == nil)
    }

    @Test func rectanglesAndTextHitTestByFrame() {
        let graph = makeGraph(
            VStack(spacing: 0) {
                Text("hello")
                Color.red.frame(width: 50, height: 50)
            }, width: 100, height: 100)
        graph.update()
        let text = frame(of: "Text", in: graph)!
        #expect(graph.hitTestTree.hitTest(CGPoint(x: text.minX + 1, y: text.minY + 1))?.leaf.name == "Text")
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 26, y: 70))?.leaf.name == "Rectangle")
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 5, y: 5)) == nil)
    }

    @Test func frontMostViewWins() {
        let graph = makeGraph(
            ZStack {
                Color.red.frame(width: 100, height: 100).onTapGesture {}
                Color.green.frame(width: 50, height: 50).simultaneousGesture(TapGesture())
            }, width: 100, height: 100)
        graph.update()
        let center = graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))
        #expect(center?.gestures.count == 1)
        #expect(center?.gestures.first?.priority == .simultaneous)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 5, y: 5))?.gestures.first?.priority == .normal)
    }

    @Test func zIndexChangesHitOrder() {
        let graph = makeGraph(
            ZStack {
                Color.red.frame(width: 100, height: 100).zIndex(1).onTapGesture {}
                Color.green.frame(width: 100, height: 100).highPriorityGesture(TapGesture())
            }, width: 100, height: 100)
        graph.update()
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))?.gestures.first?.priority == .normal)
        // Drawing order follows zIndex too: the red one is drawn last.
        guard case .fill(let last) = graph.displayList.items.last else {
            Issue.record("no fill")
            return
        }
        #expect(last.paint == .color(RGBA(red: 1, green: 59 / 255, blue: 48 / 255)))
    }

    @Test func gesturesOnTheChainAreInnermostFirst() {
        let graph = makeGraph(
            Color.red.frame(width: 50, height: 50).onTapGesture {}.padding(10).highPriorityGesture(DragGesture()),
            width: 100, height: 100)
        graph.update()
        let result = graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))
        #expect(result?.gestures.map(\.priority) == [.normal, .high])
        // The outer gesture's local space is the padded view's frame.
        #expect(result?.gestures.last?.frameInWindow == CGRect(x: 15, y: 15, width: 70, height: 70))
        // Padding is not hittable by itself (nothing is drawn there).
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 20, y: 20)) == nil)
    }

    @Test func nearlyTransparentViewsAreNotHittable() {
        // (`Color.opacity` would make a translucent colour; the view modifier is wanted here.)
        let faint = makeGraph(Rectangle().opacity(0.0009).onTapGesture {}, width: 100, height: 100)
        faint.update()
        #expect(faint.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        let visible = makeGraph(Rectangle().opacity(0.002).onTapGesture {}, width: 100, height: 100)
        visible.update()
        #expect(visible.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) != nil)
        // Opacities multiply: 0.03 × 0.03 = 0.0009.
        let nested = makeGraph(Rectangle().opacity(0.03).padding(1).opacity(0.03), width: 100, height: 100)
        nested.update()
        #expect(nested.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        let nestedVisible = makeGraph(Rectangle().opacity(0.05).padding(1).opacity(0.05), width: 100, height: 100)
        nestedVisible.update()
        #expect(nestedVisible.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) != nil)
        // Color.clear is not hittable (SwiftUI's well-known behaviour); an almost clear colour is.
        let clear = makeGraph(Color.clear.onTapGesture {}, width: 100, height: 100)
        clear.update()
        #expect(clear.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        let almost = makeGraph(Color.white.opacity(0.001).onTapGesture {}, width: 100, height: 100)
        almost.update()
        #expect(almost.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) != nil)
    }

    @Test func allowsHitTestingFalseAndHiddenRemoveViews() {
        let disabled = makeGraph(Color.red.allowsHitTesting(false), width: 100, height: 100)
        disabled.update()
        #expect(disabled.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        let hidden = makeGraph(Color.red.hidden(), width: 100, height: 100)
        hidden.update()
        #expect(hidden.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        #expect(hidden.displayList.items.isEmpty)
    }

    @Test func clipAndMaskDoNotLimitHitTesting() {
        let clipped = makeGraph(
            Color.red.frame(width: 100, height: 100).frame(width: 20, height: 20).clipped(), width: 200, height: 200)
        clipped.update()
        #expect(clipped.hitTestTree.hitTest(CGPoint(x: 60, y: 60)) != nil)
        let masked = makeGraph(
            Color.red.frame(width: 100, height: 100).mask(Circle().frame(width: 10, height: 10)), width: 100,
            height: 100)
        masked.update()
        #expect(masked.hitTestTree.hitTest(CGPoint(x: 2, y: 2)) != nil)
    }

    @Test func contentShapeReplacesTheRegion() {
        let graph = makeGraph(Color.red.frame(width: 100, height: 100).contentShape(Circle()), width: 100, height: 100)
        graph.update()
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) != nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 3, y: 3)) == nil)
        // A content shape makes empty space hittable.
        let spacer = makeGraph(
            HStack { Spacer() }.frame(width: 100, height: 100).contentShape(Rectangle()), width: 100, height: 100)
        spacer.update()
        #expect(spacer.hitTestTree.hitTest(CGPoint(x: 10, y: 10))?.leaf.kind == .contentShape)
    }

    @Test func offsetMovesTheHitArea() {
        let graph = makeGraph(Color.red.frame(width: 20, height: 20).offset(x: 50), width: 100, height: 100)
        graph.update()
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50)) == nil)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 100 - 1, y: 50)) != nil)
    }

    @Test func rotationAndScaleMoveTheHitArea() {
        let rotated = makeGraph(
            Color.red.frame(width: 100, height: 10).rotationEffect(.degrees(90)), width: 200, height: 200)
        rotated.update()
        #expect(rotated.hitTestTree.hitTest(CGPoint(x: 100, y: 60)) != nil)
        #expect(rotated.hitTestTree.hitTest(CGPoint(x: 60, y: 100)) == nil)
        let scaled = makeGraph(Color.red.frame(width: 10, height: 10).scaleEffect(4), width: 200, height: 200)
        scaled.update()
        #expect(scaled.hitTestTree.hitTest(CGPoint(x: 85, y: 85)) != nil)
        #expect(scaled.hitTestTree.hitTest(CGPoint(x: 75, y: 75)) == nil)
    }

    @Test func namedCoordinateSpacesReachGestures() {
        let graph = makeGraph(
            Color.red.frame(width: 40, height: 40).gesture(DragGesture(coordinateSpace: .named("pad")))
                .padding(30).coordinateSpace(name: "pad"), width: 100, height: 100)
        graph.update()
        let attached = graph.hitTestTree.hitTest(CGPoint(x: 50, y: 50))?.gestures.first
        #expect(attached?.namedSpaces[AnyHashable("pad")] == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(attached?.frameInWindow == CGRect(x: 30, y: 30, width: 40, height: 40))
        #expect((attached?.gesture as? DragGesture)?.coordinateSpace == .named(AnyHashable("pad")))
    }
}

@MainActor
@Suite struct GestureAttachmentTests {
    @Test func removedGestureOwnersAreReported() {
        struct Toggle: View {
            let show: Bool
            var body: some View {
                ZStack { if show { Color.red.onTapGesture {} } }
            }
        }
        let graph = makeGraph(Toggle(show: true), width: 50, height: 50)
        let system = GestureSystem(graph: graph)
        graph.update()
        let owner = graph.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.gestures.first?.owner
        #expect(owner != nil)
        graph.setRoot(Toggle(show: false))
        graph.update()
        #expect(system.removedGestureOwners == [owner!])
        graph.update()
        #expect(system.removedGestureOwners.isEmpty)
    }

    @Test func gestureClosuresAreRefreshedOnReevaluation() throws {
        struct Tapper: View {
            let label: String
            let sink: Recorder<String>
            var body: some View { Color.red.onTapGesture { sink.values.append(label) } }
        }
        let sink = Recorder<String>()
        let graph = makeGraph(Tapper(label: "first", sink: sink), width: 50, height: 50)
        graph.update()
        graph.setRoot(Tapper(label: "second", sink: sink))
        graph.update()
        let attached = try #require(graph.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.gestures.first)
        let tap = try #require(attached.gesture as? _EndedGesture<TapGesture>)
        tap.action(())
        #expect(sink.values == ["second"])
        #expect(attached.mask == .all && attached.priority == .normal)
    }

    @Test func gestureMasksEnableAndDisable() {
        let graph = makeGraph(Color.red.gesture(DragGesture(), including: .subviews), width: 50, height: 50)
        graph.update()
        // With `.subviews` only, the attached gesture itself is disabled.
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.gestures.isEmpty == true)
        #expect(graph.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.attachedGestures.count == 1)
        // With `.gesture` only, the subviews' gestures are disabled but the attached one works.
        let outer = makeGraph(
            Color.red.onTapGesture {}.gesture(DragGesture(), including: .gesture), width: 50, height: 50)
        outer.update()
        #expect(outer.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.gestures.map { $0.gesture is DragGesture } == [true])
        // `.none` disables both.
        let none = makeGraph(Color.red.onTapGesture {}.gesture(DragGesture(), including: .none), width: 50, height: 50)
        none.update()
        #expect(none.hitTestTree.hitTest(CGPoint(x: 25, y: 25))?.gestures.isEmpty == true)
    }
}
