// Only `import CoreGraphics`, as model and geometry files in apps are written.
import CoreGraphics
import Testing

@Suite struct CoreGraphicsImportTests {
    @Test func foundationGeometryIsReexported() {
        let rect = CGRect(origin: CGPoint(x: 1, y: 2), size: CGSize(width: 10, height: 20))
        let half: CGFloat = rect.width / 2
        #expect(rect.midX == 6 && half == 5)
        #expect(rect.insetBy(dx: 1, dy: 1) == CGRect(x: 2, y: 3, width: 8, height: 18))
    }

    @Test func affineTransformsComposeAndMapGeometry() {
        let t = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 12, y: 3))
        #expect(CGAffineTransform() == .identity && CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform(1, 0, 0, 1, 5, 6) == CGAffineTransform(translationX: 5, y: 6))
        #expect(CGPoint(x: 12, y: 3).applying(t.inverted()) == CGPoint(x: 1, y: 1))
        #expect(CGRect(x: 0, y: 0, width: 1, height: 1).applying(t) == CGRect(x: 10, y: 0, width: 2, height: 3))
    }

    @Test func vectorsAndLineStyles() {
        let v = CGVector(dx: 3, dy: 4)
        #expect(v.dx == 3 && v.dy == 4 && CGVector.zero == CGVector())
        #expect(CGLineCap.round.rawValue == 1 && CGLineJoin.bevel.rawValue == 2)
    }
}
