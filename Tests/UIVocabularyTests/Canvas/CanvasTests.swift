import Foundation
import Observation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@Observable @MainActor final class CanvasModel {
    var angle = 0.0
}

/// What a Canvas records, exactly: its operations become display items in window points.
@MainActor
@Suite(.serialized) struct CanvasTests {
    func list<V: View>(_ view: V, width: CGFloat = 100, height: CGFloat = 100) -> String {
        let graph = makeGraph(view, width: width, height: height)
        return graph.update(at: 0).description
    }

    @Test func fillsAndStrokesLandAtTheCanvasOrigin() {
        let text = list(
            Canvas { context, size in
                context.fill(Path(CGRect(x: 0, y: 0, width: size.width / 2, height: 10)), with: .color(.red))
                context.stroke(
                    Path(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20)),
                    with: .color(red: 0, green: 0, blue: 1),
                    style: StrokeStyle(lineWidth: 3))
            }
            .frame(width: 60, height: 40)
        )
        // The canvas is centred in the 100×100 window: its origin is (20, 30).
        #expect(
            text == """
                fill path [20,30 30x10] 5 elements rgb(255,59,48)
                stroke path [30,40 20x20] 6 elements rgb(0,0,255) width 3
                """, "\(text)")
    }

    @Test func stateDrawsStackedEffectsAroundEachOperation() {
        let text = list(
            Canvas { context, _ in
                var faded = context
                faded.opacity = 0.5
                faded.blendMode = .multiply
                faded.clip(to: Path(CGRect(x: 0, y: 0, width: 50, height: 50)))
                faded.addFilter(.blur(radius: 2))
                faded.fill(Path(CGRect(x: 10, y: 10, width: 10, height: 10)), with: .color(.black))
                // The original context is unchanged.
                context.fill(Path(CGRect(x: 60, y: 60, width: 10, height: 10)), with: .color(.black))
            }
        )
        #expect(
            text == """
                layer clip [0,0 50x50]
                  layer blend multiply
                    layer opacity 0.5
                      layer blur 2
                        fill path [10,10 10x10] 5 elements rgb(0,0,0)
                fill path [60,60 10x10] 5 elements rgb(0,0,0)
                """, "\(text)")
    }

    @Test func transformsMoveOrWrapOperations() {
        let graph = makeGraph(
            Canvas { context, _ in
                var moved = context
                moved.translateBy(x: 5, y: 7)
                moved.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
                var turned = context
                turned.translateBy(x: 50, y: 50)
                turned.rotate(by: .degrees(90))
                turned.stroke(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black), lineWidth: 2)
                #expect(turned.transform.tx == 50 && abs(turned.transform.b - 1) < 1e-12)
            }, width: 100, height: 100)
        graph.update(at: 0)
        let items = graph.displayList.items
        guard items.count == 2, case .fill(let fill) = items[0], case .layer(let layer) = items[1],
            case .transform(let t) = layer.effect, case .stroke(let stroke) = layer.items.first
        else {
            Issue.record("\(graph.displayList)")
            return
        }
        // A translation moves the path; a rotation wraps the stroke so its width turns with it.
        #expect(fill.path.boundingRect == CGRect(x: 5, y: 7, width: 10, height: 10))
        #expect(stroke.path.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 10))
        let corner = CGPoint(x: 10, y: 0).applying(t)
        #expect(abs(corner.x - 50) < 1e-9 && abs(corner.y - 60) < 1e-9)
    }

    @Test func drawLayerComposesAsOneAndClipToLayerMasks() {
        let text = list(
            Canvas { context, _ in
                var c = context
                c.clipToLayer { mask in
                    mask.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40)), with: .color(.black))
                }
                c.opacity = 0.25
                c.drawLayer { layer in
                    layer.fill(Path(CGRect(x: 0, y: 0, width: 20, height: 20)), with: .color(.black))
                    layer.fill(Path(CGRect(x: 10, y: 10, width: 20, height: 20)), with: .color(.black))
                }
            }
        )
        #expect(
            text == """
                layer mask
                  | fill path [0,0 40x40] 6 elements rgb(0,0,0)
                  layer opacity 0.25
                    layer compositingGroup
                      fill path [0,0 20x20] 5 elements rgb(0,0,0)
                      fill path [10,10 20x20] 5 elements rgb(0,0,0)
                """, "\(text)")
    }

    @Test func textAndImagesAreResolvedAndPlacedByAnchor() {
        let graph = makeGraph(
            Canvas { context, _ in
                let resolved = context.resolve(Text("Hi").font(.system(size: 20)))
                let size = resolved.measure(in: CGSize(width: 1000, height: 1000))
                // The approximate measurer: half the font size per character.
                #expect(size.width == 20)
                context.draw(resolved, at: CGPoint(x: 50, y: 50), anchor: .topLeading)
                context.draw(Image("Landscape"), in: CGRect(x: 0, y: 0, width: 30, height: 20))
            }, width: 100, height: 100)
        graph.update(at: 0)
        guard case .text(let text) = graph.displayList.items.first,
            case .image(let image) = graph.displayList.items.last
        else {
            Issue.record("\(graph.displayList)")
            return
        }
        #expect(text.string == "Hi" && text.frame.origin == CGPoint(x: 50, y: 50) && text.frame.width == 20)
        #expect(image.frame == CGRect(x: 0, y: 0, width: 30, height: 20))
        let graph2 = makeGraph(
            Canvas { context, _ in
                let image = context.resolve(Image("Landscape"))
                #expect(image.size == CGSize(width: 1200, height: 800))
            }, width: 10, height: 10)
        graph2.update(at: 0)
    }

    @Test func symbolsAreDrawnWhereverAndAsOftenAsAsked() {
        let graph = makeGraph(
            Canvas { context, _ in
                guard let dot = context.resolveSymbol(id: "dot") else { return }
                #expect(dot.size == CGSize(width: 10, height: 10))
                context.draw(dot, at: CGPoint(x: 20, y: 20))
                context.draw(dot, at: CGPoint(x: 70, y: 20), anchor: .topLeading)
                #expect(context.resolveSymbol(id: "missing") == nil)
            } symbols: {
                Circle().fill(Color.red).frame(width: 10, height: 10).tag("dot")
            }, width: 100, height: 100)
        graph.update(at: 0)
        let items = graph.displayList.items
        #expect(items.count == 2)
        var origins: [CGPoint] = []
        for item in items {
            guard case .layer(let layer) = item, case .transform(let t) = layer.effect,
                case .fill(let f)? = layer.items.first
            else { continue }
            origins.append(f.path.boundingRect.origin.applying(t))
        }
        #expect(origins == [CGPoint(x: 15, y: 15), CGPoint(x: 70, y: 20)], "\(origins)")
    }

    @Test func stateReadInTheRendererRedrawsTheCanvas() {
        let model = CanvasModel()
        let graph = makeGraph(
            Canvas { context, _ in
                var c = context
                c.rotate(by: .degrees(model.angle))
                c.fill(Path(CGRect(x: 0, y: 0, width: 10, height: 10)), with: .color(.black))
            }, width: 100, height: 100)
        graph.update(at: 0)
        let before = graph.displayList
        model.angle = 90
        #expect(graph.needsUpdate)
        graph.update(at: 0.1)
        #expect(graph.displayList != before)
    }

    @Test func nonFiniteValuesDrawNothingForThatItemAndLogOnce() {
        withCapturedInvalidValueLog { log in
            let text = list(
                Canvas { context, _ in
                    for _ in 0..<3 {
                        context.fill(
                            Path {
                                $0.move(to: .zero)
                                $0.addLine(to: CGPoint(x: CGFloat.nan, y: 4))
                                $0.addLine(to: CGPoint(x: 4, y: 4))
                            },
                            with: .color(.black))
                    }
                    var broken = context
                    broken.scaleBy(x: .infinity, y: 1)
                    broken.fill(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black))
                    context.stroke(Path(CGRect(x: 0, y: 0, width: 5, height: 5)), with: .color(.black), lineWidth: .nan)
                    var filtered = context
                    filtered.addFilter(.blur(radius: .infinity))
                    filtered.fill(Path(CGRect(x: 1, y: 1, width: 2, height: 2)), with: .color(.black))
                }
            )
            // Only the last fill survives (its bad filter left out).
            #expect(text == "fill path [1,1 2x2] 5 elements rgb(0,0,0)", "\(text)")
            #expect(log.lines.count == 3, "\(log.lines)")
        }
    }
}
