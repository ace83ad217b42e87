import Foundation
import Testing

@testable import Raster

/// Region operations a frame uses to build its damage and clip without extra regions.
@Suite struct PixelRegionTests {
    /// Two overlapping boxes and a separate one: several pixman boxes.
    private var ragged: PixelRegion {
        PixelRegion(boxes: [
            PixelBox(x: 0, y: 0, width: 10, height: 10), PixelBox(x: 5, y: 5, width: 10, height: 10),
            PixelBox(x: 30, y: 2, width: 4, height: 20),
        ])
    }

    @Test func intersectingWithABoxEqualsIntersectingWithItsRegion() {
        for box in [
            PixelBox(x: 3, y: 3, width: 30, height: 6), PixelBox(x: -5, y: -5, width: 100, height: 100),
            PixelBox(x: 40, y: 40, width: 5, height: 5), PixelBox(x: 0, y: 0, width: 0, height: 0),
        ] {
            let expected = ragged.intersection(PixelRegion(box))
            #expect(ragged.intersection(box) == expected, "\(box)")
            var inPlace = ragged
            inPlace.formIntersection(box)
            #expect(inPlace == expected, "\(box)")
        }
    }

    @Test func aRegionChangedInPlaceLeavesItsCopiesAlone() {
        let original = ragged
        var moved = original
        moved.translate(dx: 7, dy: -3)
        #expect(
            moved
                == PixelRegion(boxes: [
                    PixelBox(x: 7, y: -3, width: 10, height: 10), PixelBox(x: 12, y: 2, width: 10, height: 10),
                    PixelBox(x: 37, y: -1, width: 4, height: 20),
                ]))
        #expect(original == ragged)
        var clipped = original
        clipped.formIntersection(PixelBox(x: 0, y: 0, width: 4, height: 4))
        #expect(clipped.boxes == [PixelBox(x: 0, y: 0, width: 4, height: 4)])
        #expect(original == ragged)
        #expect(original.translated(dx: 0, dy: 0) == original)
    }

    @Test func aBufferOfAgeTwoMissedExactlyTheLastDamage() {
        var history = DamageHistory()
        history.record(ragged)
        #expect(history.missedDamage(bufferAge: 2) == ragged)
        history.record(PixelRegion(PixelBox(x: 50, y: 50, width: 5, height: 5)))
        #expect(history.missedDamage(bufferAge: 2) == PixelRegion(PixelBox(x: 50, y: 50, width: 5, height: 5)))
        #expect(
            history.missedDamage(bufferAge: 3)
                == ragged.union(PixelRegion(PixelBox(x: 50, y: 50, width: 5, height: 5))))
        #expect(history.missedDamage(bufferAge: 1)?.isEmpty == true)
        #expect(history.missedDamage(bufferAge: 4) == nil)
    }
}
