import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A graph with a hover tracker, updated after each pointer motion as the host does.
@MainActor
final class HoverHarness {
    let graph: ViewGraph
    let hover: HoverTracker
    private(set) var styles: [String] = []

    init<V: View>(_ view: V, width: CGFloat = 300, height: CGFloat = 300) {
        graph = makeGraph(view, width: width, height: height)
        graph.update()
        hover = HoverTracker(graph: graph)
        hover.onPointerStyleChange = { [unowned self] in self.styles.append($0?._cursorName ?? "none") }
    }

    func move(_ x: CGFloat, _ y: CGFloat) {
        hover.pointerMoved(to: CGPoint(x: x, y: y))
        update()
    }
    func leave() {
        hover.pointerLeft()
        update()
    }
    func update() { if graph.needsUpdate { graph.update() } }
}

/// An outer 200×200 square (at 50,50) holding an inner 100×100 square at its centre (100,100), each hoverable.
struct HoverSquares: View {
    let log: CallLog
    var body: some View {
        ZStack {
            Color.blue.frame(width: 100, height: 100)
                .onHover { log("inner \($0)") }
                .onContinuousHover { phase in
                    switch phase {
                    case .active(let p): log("inner at \(Int(p.x)),\(Int(p.y))")
                    case .ended: log("inner ended")
                    }
                }
        }
        .frame(width: 200, height: 200)
        .background(Color.gray)
        .onHover { log("outer \($0)") }
    }
}

@MainActor
@Suite struct HoverTests {
    let log = CallLog()

    @Test func enterAndExitInnermostFirst() {
        let h = HoverHarness(HoverSquares(log: log))
        h.move(10, 10)  // outside both
        #expect(log.entries.isEmpty)
        h.move(60, 60)  // the outer square only
        #expect(log.entries == ["outer true"])
        h.move(120, 130)  // into the inner one
        #expect(log.entries == ["outer true", "inner true", "inner at 20,30"])
        h.move(125, 130)
        #expect(log.entries.last == "inner at 25,30")
        #expect(log.count("inner true") == 1 && log.count("outer true") == 1, "no repeated enters")
        h.move(290, 290)  // out of both: the inner one hears it first
        #expect(log.entries.suffix(3) == ["inner false", "inner ended", "outer false"])
    }

    @Test func leavingTheWindowEndsHover() {
        let h = HoverHarness(HoverSquares(log: log))
        h.move(150, 150)
        h.leave()
        #expect(log.entries.suffix(3) == ["inner false", "inner ended", "outer false"])
        #expect(h.hover.location == nil)
    }

    @Test func aCoveringViewBlocksHoverAndAllowsHitTestingFalseLetsItThrough() {
        struct Covered: View {
            let log: CallLog
            var coverHits: Bool
            var body: some View {
                ZStack {
                    Color.gray.onHover { log("below \($0)") }
                    Color.red.frame(width: 100, height: 100).allowsHitTesting(coverHits)
                }
            }
        }
        let h = HoverHarness(Covered(log: log, coverHits: true))
        h.move(150, 150)
        #expect(log.entries.isEmpty)
        h.move(20, 20)
        #expect(log.entries == ["below true"])
        let through = HoverHarness(Covered(log: log, coverHits: false))
        through.move(150, 150)
        #expect(log.entries == ["below true", "below true"])
    }

    @Test func hoverFollowsLayoutChangesUnderAStillPointer() {
        struct Moving: View {
            let log: CallLog
            @State var atTop = true
            var body: some View {
                VStack {
                    if !atTop { Spacer() }
                    Color.green.frame(width: 300, height: 100)
                        .onHover { log("green \($0)") }
                        .onKeyPress(.space) {
                            atTop.toggle()
                            return .handled
                        }
                    if atTop { Spacer() }
                }
            }
        }
        let h = HoverHarness(Moving(log: log))
        let focus = FocusSystem(graph: h.graph)
        h.move(150, 50)
        #expect(log.entries == ["green true"])
        focus.handle(KeyPress(phase: .down, key: .space, characters: " ", modifiers: []))
        h.update()
        #expect(log.entries == ["green true", "green false"], "the green bar moved away from the pointer")
    }

    @Test func continuousHoverInNamedAndGlobalSpaces() {
        struct Spaces: View {
            let log: CallLog
            var body: some View {
                VStack {
                    Color.orange.frame(width: 50, height: 50)
                        .onContinuousHover(coordinateSpace: .named("panel")) {
                            if case .active(let p) = $0 { log("named \(Int(p.x)),\(Int(p.y))") }
                        }
                        .onContinuousHover(coordinateSpace: .global) {
                            if case .active(let p) = $0 { log("global \(Int(p.x)),\(Int(p.y))") }
                        }
                }
                .frame(width: 100, height: 100)
                .coordinateSpace(name: "panel")
            }
        }
        let h = HoverHarness(Spaces(log: log))
        // The panel spans 100…200; the orange square 125…175.
        h.move(130, 140)
        #expect(log.entries == ["named 30,40", "global 130,140"], "innermost (the first modifier) first")
    }
}

@MainActor
@Suite struct PointerStyleTests {
    struct Styled: View {
        var body: some View {
            VStack(spacing: 0) {
                Text("link").frame(width: 300, height: 100).pointerStyle(.link)
                HStack(spacing: 0) {
                    Color.gray.frame(width: 150, height: 100).pointerStyle(.horizontalText)
                    Color.gray.frame(width: 150, height: 100).pointerStyle(nil)
                }
                Color.gray.frame(width: 300, height: 100)
                    .pointerStyle(.frameResize(position: .bottomTrailing))
            }
            .pointerStyle(.grabIdle)
        }
    }

    @Test func innermostStyleWinsAndNilDefersToAncestors() {
        let h = HoverHarness(Styled())
        h.move(150, 50)
        h.move(60, 150)
        h.move(200, 150)  // pointerStyle(nil): the stack's grab hand
        h.move(150, 250)
        h.move(150, 260)  // same style: no change reported
        h.leave()
        #expect(h.styles == ["pointer", "text", "grab", "se-resize", "none"])
    }

    @Test func buttonsKeepTheArrow() {
        let h = HoverHarness(Button("Plain") {}.frame(width: 100, height: 40))
        h.move(150, 150)
        #expect(h.styles.isEmpty && h.hover.pointerStyle == nil)
    }

    @Test func cursorNames() {
        #expect(PointerStyle.columnResize(directions: .leading)._cursorName == "w-resize")
        #expect(PointerStyle.columnResize._cursorName == "col-resize")
        #expect(PointerStyle.rowResize(directions: .down)._cursorName == "s-resize")
        #expect(PointerStyle.grabActive._cursorName == "grabbing")
        #expect(PointerStyle.default._cursorName == "default")
    }
}
