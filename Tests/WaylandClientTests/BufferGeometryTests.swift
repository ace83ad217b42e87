import Testing

@testable import WaylandClient

/// Logical size and scale ▸ buffer pixels, exactly as the protocols define it.
@Suite struct BufferGeometryTests {
    @Test func integerScaleMultipliesAndIsAnnounced() {
        let geometry = BufferGeometry(logicalWidth: 400, logicalHeight: 300, integerScale: 2)
        #expect(geometry.width == 800 && geometry.height == 600)
        #expect(geometry.bufferScale == 2 && geometry.viewportDestination == nil && geometry.pixelsPerPoint == 2)
    }

    @Test(arguments: [(150, 1000, 750), (180, 1200, 900), (240, 1600, 1200), (120, 800, 600)])
    func fractionalScaleRoundsAndUsesAViewport(scale120: Int, width: Int, height: Int) {
        let geometry = BufferGeometry(
            logicalWidth: 800, logicalHeight: 600, integerScale: 2, fractionalScale120: scale120)
        #expect(geometry.width == width && geometry.height == height)
        #expect(geometry.bufferScale == 1)
        #expect(geometry.viewportDestination?.width == 800 && geometry.viewportDestination?.height == 600)
    }

    @Test func halvesRoundAwayFromZero() {
        // 801 × 1.5 = 1201.5 ▸ 1202; 333 × 1.25 = 416.25 ▸ 416.
        let geometry = BufferGeometry(logicalWidth: 801, logicalHeight: 333, integerScale: 1, fractionalScale120: 180)
        #expect(geometry.width == 1202)
        #expect(
            BufferGeometry(logicalWidth: 333, logicalHeight: 1, integerScale: 1, fractionalScale120: 150).width == 416)
    }

    @Test func hugeSizesAreCappedKeepingProportions() {
        let geometry = BufferGeometry(logicalWidth: 100_000, logicalHeight: 50_000, integerScale: 2)
        #expect(geometry.isCapped)
        #expect(
            geometry.width <= BufferGeometry.maximumSide
                && geometry.width * geometry.height * 4 <= BufferGeometry.maximumBytes)
        #expect(abs(Double(geometry.width) / Double(geometry.height) - 2) < 0.01)
        #expect(geometry.bufferScale == 1)
        #expect(geometry.viewportDestination?.width == 100_000)
    }

    @Test func zeroAndTinySizesStillGiveAPixel() {
        let zero = BufferGeometry(logicalWidth: 0, logicalHeight: 0, integerScale: 1)
        #expect(zero.width == 1 && zero.height == 1 && !zero.isCapped)
        let tiny = BufferGeometry(logicalWidth: 1, logicalHeight: 1, integerScale: 3)
        #expect(tiny.width == 3 && tiny.height == 3)
    }
}
