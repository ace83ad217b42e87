import Foundation

extension DisplayItem {
    /// The area this item may touch when drawn, window points.
    public var bounds: CGRect {
        switch self {
        case .fill(let op): return op.path.boundingRect
        case .stroke(let op):
            let outset = op.style.lineWidth / 2 * (op.style.lineJoin == .miter ? max(1, op.style.miterLimit) : 1) + 1
            return op.path.boundingRect.insetBy(dx: -outset, dy: -outset)
        case .text(let op):
            // Glyphs may overhang their line box (italics, accents).
            let slack = op.font.size * 0.25
            return op.frame.insetBy(dx: -slack, dy: -slack)
        case .image(let op): return op.frame
        case .layer(let layer):
            let inner = DisplayItem.bounds(of: layer.items)
            switch layer.effect {
            case .opacity, .blend, .compositingGroup, .colorMatrix: return inner
            case .blur(let radius, _): return inner.insetBy(dx: -3 * radius - 1, dy: -3 * radius - 1)
            case .clip(let path, _): return inner.intersection(path.boundingRect)
            case .mask(let mask): return inner.intersection(DisplayItem.bounds(of: mask))
            case .shadow(_, let radius, let offset):
                let blur = inner.offsetBy(dx: offset.width, dy: offset.height).insetBy(
                    dx: -3 * radius - 1, dy: -3 * radius - 1)
                return inner.union(blur)
            case .transform(let t): return inner.isNull ? inner : inner.applying(t)
            case .projection(let m):
                guard !inner.isNull else { return inner }
                let corners = [
                    CGPoint(x: inner.minX, y: inner.minY), CGPoint(x: inner.maxX, y: inner.minY),
                    CGPoint(x: inner.minX, y: inner.maxY), CGPoint(x: inner.maxX, y: inner.maxY),
                ].compactMap(m.apply)
                // Part of it behind the viewer: nothing of it is drawn.
                guard corners.count == 4 else { return .null }
                return corners.dropFirst().reduce(CGRect(origin: corners[0], size: .zero)) {
                    $0.union(CGRect(origin: $1, size: .zero))
                }
            }
        }
    }

    package static func bounds(of items: some Collection<DisplayItem>) -> CGRect {
        items.reduce(CGRect.null) { $0.union($1.bounds) }
    }
}

/// Finds what changed between two display lists: items are compared pairwise; layers with the same
/// effect are compared inside; anything else that differs damages the union of its old and new bounds.
package enum DamageTracker {
    package static func collect(old: [DisplayItem], new: [DisplayItem], into rects: inout [CGRect]) {
        if old == new { return }
        guard old.count == new.count else {
            // Items inserted or removed: the unchanged items before and after them keep their pixels (a row
            // added to a list damages that row and what moved, not the whole list).
            var prefix = 0
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < min(old.count, new.count) - prefix,
                old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
            {
                suffix += 1
            }
            add(DisplayItem.bounds(of: old[prefix..<(old.count - suffix)]), to: &rects)
            add(DisplayItem.bounds(of: new[prefix..<(new.count - suffix)]), to: &rects)
            return
        }
        for (before, after) in zip(old, new) where before != after {
            if case .layer(let a) = before, case .layer(let b) = after, a.effect == b.effect {
                switch a.effect {
                case .opacity, .blend, .compositingGroup, .clip, .transform, .mask, .colorMatrix:
                    // The effect is unchanged, so only what changed inside it is damaged (mapped through it,
                    // in place: the inner rectangles are collected at the end of `rects`).
                    let start = rects.count
                    collect(old: a.items, new: b.items, into: &rects)
                    var kept = start
                    for index in start..<rects.count {
                        let mapped = map(rects[index], through: a.effect)
                        guard isDrawable(mapped) else { continue }
                        rects[kept] = mapped.integral
                        kept += 1
                    }
                    rects.removeSubrange(kept...)
                    continue
                case .shadow, .blur, .projection:
                    break
                }
            }
            add(before.bounds, to: &rects)
            add(after.bounds, to: &rects)
        }
    }

    /// A material shows what lies below it, blurred: a change below it, or within the blur's reach around it,
    /// repaints the whole material and that reach (so the blur reads only pixels drawn in this frame).
    package static func extendOverMaterials(in items: [DisplayItem], _ rects: inout [CGRect]) {
        guard !rects.isEmpty else { return }
        var areas: [CGRect] = []
        collectMaterialAreas(items, transform: .identity, into: &areas)
        guard !areas.isEmpty else { return }
        var changed = true
        while changed {
            changed = false
            for area in areas
            where !rects.contains(where: { $0.contains(area) }) && rects.contains(where: { $0.intersects(area) }) {
                add(area, to: &rects)
                changed = true
            }
        }
    }

    private static func collectMaterialAreas(
        _ items: [DisplayItem], transform: CGAffineTransform, into areas: inout [CGRect]
    ) {
        for item in items {
            switch item {
            case .fill(let op):
                if case .material(let radius, _, _) = op.paint {
                    let reach = 3 * radius + 2
                    areas.append(op.path.boundingRect.insetBy(dx: -reach, dy: -reach).applying(transform))
                }
            case .layer(let layer):
                if case .transform(let t) = layer.effect {
                    collectMaterialAreas(layer.items, transform: t.concatenating(transform), into: &areas)
                } else {
                    collectMaterialAreas(layer.items, transform: transform, into: &areas)
                }
            default:
                break
            }
        }
    }

    private static func map(_ rect: CGRect, through effect: LayerEffect) -> CGRect {
        switch effect {
        case .transform(let t): return rect.applying(t)
        case .clip(let path, _): return rect.intersection(path.boundingRect)
        case .mask(let items): return rect.intersection(DisplayItem.bounds(of: items))
        default: return rect
        }
    }

    private static func isDrawable(_ rect: CGRect) -> Bool {
        !rect.isNull && !rect.isEmpty && rect.width.isFinite && rect.height.isFinite
    }

    private static func add(_ rect: CGRect, to rects: inout [CGRect]) {
        guard isDrawable(rect) else { return }
        rects.append(rect.integral)
    }

    /// Merges overlapping rectangles so the host does not redraw the same pixels twice, in place: the merged
    /// rectangles are built in the front of the array (each step writes at most one, behind the one it reads),
    /// so a frame's damage needs no second array.
    package static func merge(_ rects: inout [CGRect]) {
        // Many scattered changes: one bounding rectangle is cheaper for everyone than a long list.
        if rects.count > 64 {
            let bounds = rects.reduce(CGRect.null) { $0.union($1) }
            rects.removeAll(keepingCapacity: true)
            rects.append(bounds)
            return
        }
        var count = 0
        for index in rects.indices {
            var current = rects[index]
            var merging = true
            while merging {
                merging = false
                if let found = rects[..<count].firstIndex(where: { $0.intersects(current) }) {
                    current = current.union(rects[found])
                    // Removed from the merged ones, keeping their order.
                    for later in found..<(count - 1) { rects[later] = rects[later + 1] }
                    count -= 1
                    merging = true
                }
            }
            rects[count] = current
            count += 1
        }
        rects.removeSubrange(count...)
    }
}

/// Prints a display list as indented text, one line per item.
package enum DisplayListPrinter {
    package static func print(_ items: [DisplayItem], indent: String = "") -> String {
        var lines: [String] = []
        for item in items { append(item, indent: indent, to: &lines) }
        return lines.joined(separator: "\n")
    }

    private static func shape(_ primitive: PrimitiveShape?, _ path: Path) -> String {
        switch primitive {
        case .rect(let r)?: return "rect \(fmt(r))"
        case .roundedRect(let r, let c, _)?: return "roundedRect \(fmt(r)) r\(fmt(c.width))"
        case .ellipse(let r)?: return "ellipse \(fmt(r))"
        case nil: return "path \(fmt(path.boundingRect)) \(path.elementCount) elements"
        }
    }

    private static func append(_ item: DisplayItem, indent: String, to lines: inout [String]) {
        switch item {
        case .fill(let op): lines.append("\(indent)fill \(shape(op.primitive, op.path)) \(op.paint)")
        case .stroke(let op):
            lines.append("\(indent)stroke \(shape(op.primitive, op.path)) \(op.paint) width \(fmt(op.style.lineWidth))")
        case .text(let op):
            let preview = op.string.count > 24 ? String(op.string.prefix(24)) + "…" : op.string
            lines.append("\(indent)text \"\(preview)\" \(fmt(op.frame)) \(op.font.size)pt \(op.paint)")
        case .image(let op): lines.append("\(indent)image \(op.source) \(fmt(op.frame))")
        case .layer(let layer):
            let effect: String
            switch layer.effect {
            case .opacity(let o): effect = "opacity \(fmt(o))"
            case .clip(let p, _): effect = "clip \(fmt(p.boundingRect))"
            case .mask(let m): effect = "mask\n" + print(m, indent: indent + "  | ")
            case .shadow(let c, let r, let o): effect = "shadow \(c) radius \(fmt(r)) offset \(fmt(o))"
            case .transform(let t): effect = "transform \(t)"
            case .blend(let m): effect = "blend \(m)"
            case .compositingGroup: effect = "compositingGroup"
            case .blur(let r, let opaque): effect = "blur \(fmt(r))\(opaque ? " opaque" : "")"
            case .colorMatrix(let m): effect = "colorMatrix \(m)"
            case .projection(let m): effect = "projection \(m)"
            }
            lines.append("\(indent)layer \(effect)")
            for child in layer.items { append(child, indent: indent + "  ", to: &lines) }
        }
    }
}
