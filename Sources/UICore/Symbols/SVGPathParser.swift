import Foundation

/// Reads SVG path data (the `d` attribute) into a `Path`: every command of SVG 1.1 (M L H V C S Q T A Z, absolute
/// and relative), numbers written as tightly as icon sets write them (`-.5.5`, `1e-3`), and arc flags without
/// separators (`a1 1 0 011 1`). Arcs become cubic curves of at most a quarter turn each.
/// Parsing our own outlines instead of rasterizing SVG with a library keeps symbols in the display list as paths:
/// scaled, tinted, thickened and hit-tested like any shape.
package struct SVGPathParser {
    package enum ParseError: Error, CustomStringConvertible {
        case unexpected(Character, offset: Int)
        case missingNumber(offset: Int)
        package var description: String {
            switch self {
            case .unexpected(let c, let offset): return "unexpected \"\(c)\" at \(offset)"
            case .missingNumber(let offset): return "a number is missing at \(offset)"
            }
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var path = Path()
    private var current = CGPoint.zero
    private var subpathStart = CGPoint.zero
    /// The last control point of a curve, for the smooth commands (S, T) to reflect.
    private var lastCubicControl: CGPoint?
    private var lastQuadControl: CGPoint?

    /// The path `data` describes.
    package static func parse(_ data: some StringProtocol) throws -> Path {
        var parser = SVGPathParser(bytes: Array(data.utf8))
        try parser.run()
        return parser.path
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func run() throws {
        var command: UInt8?
        while true {
            skipSeparators()
            guard index < bytes.count else { return }
            let byte = bytes[index]
            if isCommand(byte) {
                command = byte
                index += 1
            } else if command == nil || !startsNumber(byte) {
                throw ParseError.unexpected(Character(UnicodeScalar(byte)), offset: index)
            }
            guard let letter = command else { return }
            try perform(letter)
            // After a moveto, further coordinate pairs are linetos.
            if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            if letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z") { command = nil }
        }
    }

    private mutating func perform(_ letter: UInt8) throws {
        let relative = letter >= UInt8(ascii: "a")
        let origin = relative ? current : .zero
        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: origin.x + x, y: origin.y + y) }
        var cubicControl: CGPoint?
        var quadControl: CGPoint?
        switch letter | 0x20 {  // lower-cased
        case UInt8(ascii: "m"):
            let p = point(try number(), try number())
            path.move(to: p)
            current = p
            subpathStart = p
        case UInt8(ascii: "l"):
            let p = point(try number(), try number())
            path.addLine(to: p)
            current = p
        case UInt8(ascii: "h"):
            let p = CGPoint(x: (relative ? current.x : 0) + (try number()), y: current.y)
            path.addLine(to: p)
            current = p
        case UInt8(ascii: "v"):
            let p = CGPoint(x: current.x, y: (relative ? current.y : 0) + (try number()))
            path.addLine(to: p)
            current = p
        case UInt8(ascii: "c"):
            let c1 = point(try number(), try number())
            let c2 = point(try number(), try number())
            let p = point(try number(), try number())
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "s"):
            let c1 = reflected(lastCubicControl)
            let c2 = point(try number(), try number())
            let p = point(try number(), try number())
            path.addCurve(to: p, control1: c1, control2: c2)
            current = p
            cubicControl = c2
        case UInt8(ascii: "q"):
            let c = point(try number(), try number())
            let p = point(try number(), try number())
            path.addQuadCurve(to: p, control: c)
            current = p
            quadControl = c
        case UInt8(ascii: "t"):
            let c = reflected(lastQuadControl)
            let p = point(try number(), try number())
            path.addQuadCurve(to: p, control: c)
            current = p
            quadControl = c
        case UInt8(ascii: "a"):
            let rx = try number()
            let ry = try number()
            let rotation = try number()
            let largeArc = try flag()
            let sweep = try flag()
            let p = point(try number(), try number())
            addArc(to: p, radii: CGSize(width: rx, height: ry), rotation: rotation, largeArc: largeArc, sweep: sweep)
            current = p
        case UInt8(ascii: "z"):
            path.closeSubpath()
            current = subpathStart
        default:
            throw ParseError.unexpected(Character(UnicodeScalar(letter)), offset: index - 1)
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private func reflected(_ control: CGPoint?) -> CGPoint {
        guard let control else { return current }
        return CGPoint(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    // MARK: Arcs

    /// SVG's endpoint arc (F.6 of SVG 1.1: out-of-range radii are scaled up, zero radii draw a line).
    private mutating func addArc(to end: CGPoint, radii: CGSize, rotation degrees: CGFloat, largeArc: Bool, sweep: Bool)
    {
        let start = current
        var rx = abs(radii.width)
        var ry = abs(radii.height)
        guard rx > 0, ry > 0, start != end else {
            if start != end { path.addLine(to: end) }
            return
        }
        let phi = degrees * .pi / 180
        let (cosPhi, sinPhi) = (cos(phi), sin(phi))
        let dx = (start.x - end.x) / 2
        let dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let center = CGPoint(
            x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
            y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: CGFloat, _ uy: CGFloat, _ vx: CGFloat, _ vy: CGFloat) -> CGFloat {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }

        // Each piece of at most 90° becomes one cubic (control length 4/3·tan(θ/4) of the radius).
        let pieces = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        func onEllipse(_ t: CGFloat) -> CGPoint {
            let (x, y) = (rx * cos(t), ry * sin(t))
            return CGPoint(x: center.x + cosPhi * x - sinPhi * y, y: center.y + sinPhi * x + cosPhi * y)
        }
        func derivative(_ t: CGFloat) -> CGPoint {
            let (x, y) = (-rx * sin(t), ry * cos(t))
            return CGPoint(x: cosPhi * x - sinPhi * y, y: sinPhi * x + cosPhi * y)
        }
        var t = theta1
        var from = start
        for piece in 0..<pieces {
            let next = t + step
            let to = piece == pieces - 1 ? end : onEllipse(next)
            let d1 = derivative(t)
            let d2 = derivative(next)
            path.addCurve(
                to: to, control1: CGPoint(x: from.x + k * d1.x, y: from.y + k * d1.y),
                control2: CGPoint(x: to.x - k * d2.x, y: to.y - k * d2.y))
            from = to
            t = next
        }
    }

    // MARK: Tokens

    private func isCommand(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"),
            UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return true
        default: return false
        }
    }

    private func startsNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".")
    }

    private mutating func skipSeparators() {
        while index < bytes.count,
            bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: ",")
                || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\t")
                || bytes[index] == UInt8(ascii: "\r")
        {
            index += 1
        }
    }

    /// An arc flag: one digit, which may touch what follows.
    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw ParseError.missingNumber(offset: index)
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// A number: sign, digits, at most one point, an exponent; it ends where another number would start.
    private mutating func number() throws -> CGFloat {
        skipSeparators()
        let start = index
        func digits() {
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let mantissaStart = index
        digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits()
        }
        guard index > mantissaStart, !(index == mantissaStart + 1 && bytes[mantissaStart] == UInt8(ascii: ".")) else {
            index = start
            throw ParseError.missingNumber(offset: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                index += 1
            }
            let digitsStart = index
            digits()
            if index == digitsStart { index = exponentStart }  // an "e" without digits is not part of the number
        }
        guard let text = String(bytes: bytes[start..<index], encoding: .ascii), let value = Double(text), value.isFinite
        else {
            throw ParseError.missingNumber(offset: start)
        }
        return CGFloat(value)
    }
}
