import Foundation
import Testing

@testable import Raster

@Suite struct GradientTests {
    let stops = [
        GradientStop(color: PaintColor(rgb8: 0xFF, 0x30, 0x30), location: 0),
        GradientStop(color: PaintColor(rgb8: 0x30, 0x30, 0xFF), location: 1),
    ]

    @Test func linear() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.fill(
            .rect(CGRect(x: 0, y: 0, width: 64, height: 64)),
            with: .linearGradient(stops, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 64, y: 0)))
        try Reference.check(c, "gradient-linear")
        #expect(channel(c, 1, 30, 2) > 240 && channel(c, 62, 30, 0) > 240)
    }

    @Test func radial() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        c.fill(
            .circle(center: CGPoint(x: 32, y: 32), radius: 30),
            with: .radialGradient(stops, center: CGPoint(x: 32, y: 32), startRadius: 0, endRadius: 30))
        try Reference.check(c, "gradient-radial")
        #expect(channel(c, 32, 32, 2) > 240)
    }

    @Test func angularRunsClockwiseFromStartAngle() throws {
        let c = try RasterCanvas(width: 64, height: 64)
        let rainbow = [
            GradientStop(color: PaintColor(red: 1, green: 0, blue: 0), location: 0),
            GradientStop(color: PaintColor(red: 0, green: 1, blue: 0), location: 0.5),
            GradientStop(color: PaintColor(red: 0, green: 0, blue: 1), location: 1),
        ]
        c.fill(
            .circle(center: CGPoint(x: 32, y: 32), radius: 30),
            with: .angularGradient(rainbow, center: CGPoint(x: 32, y: 32), startAngle: 0))
        try Reference.check(c, "gradient-angular")
        // Just below the +x axis (clockwise from 0) is the start colour; the opposite side is halfway.
        #expect(channel(c, 58, 34, 2) > 200)
        #expect(channel(c, 6, 32, 1) > 200)
        // A quarter turn clockwise (pointing down on screen) is between red and green.
        #expect(channel(c, 32, 58, 2) > 90 && channel(c, 32, 58, 1) > 90)
    }
}
