import Foundation

// MARK: Layout values

/// A key for a value that a view passes to its custom `Layout` container (`layoutValue(key:value:)`),
/// read there through `LayoutSubview[key]`.
public protocol LayoutValueKey {
    associatedtype Value
    /// The value of a subview that sets none.
    static var defaultValue: Value { get }
}

extension View {
    /// Associates `value` with this view for its `Layout` container, under `key`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        wrapped(in: LayoutValueNode.init) { node in node.set(value, for: key) }
    }
}

extension LayoutSubview {
    /// The value this subview set for `key` with `layoutValue(key:value:)`, or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        node.layoutValue(for: ObjectIdentifier(key)) as? K.Value ?? K.defaultValue
    }
}

/// `layoutValue(key:value:)`: a trait read by the parent `Layout`, like `layoutPriority`.
@MainActor
package final class LayoutValueNode: ViewNode {
    private var valueKey: ObjectIdentifier?
    private var value: Any?

    package func set<K: LayoutValueKey>(_ newValue: K.Value, for key: K.Type) {
        let id = ObjectIdentifier(key)
        if valueKey == id, let old = value as? K.Value, viewValuesEqual(old, newValue) { return }
        valueKey = id
        value = newValue
        invalidate()  // the container reads it while sizing
    }

    package override func layoutValue(for key: ObjectIdentifier) -> Any? {
        key == valueKey ? value : super.layoutValue(for: key)
    }
}

// MARK: AnyLayout

/// A type-erased `Layout`. Switching the layout inside one `AnyLayout` keeps the subviews' identity (and
/// their state): `let layout = wide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())`.
public struct AnyLayout: Layout {
    package let layout: any Layout

    public init<L: Layout>(_ layout: L) { self.layout = layout }

    /// The wrapped layout's cache, rebuilt when the wrapped layout's type changes.
    public struct Cache {
        package var value: Any?
    }

    public func makeCache(subviews: Subviews) -> Cache { Cache(value: nil) }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { cache.value = nil }

    /// The wrapped layout's axis (a static property in `Layout`, so it is read from the value here).
    package var stackOrientation: Axis? {
        func orientation<L: Layout>(_ layout: L) -> Axis? { L.layoutProperties.stackOrientation }
        return orientation(layout)
    }

    /// Runs `body` with the wrapped layout and its own cache.
    private func withWrapped<R>(
        _ cache: inout Cache, _ subviews: Subviews,
        _ body: (any Layout, inout Any) -> R
    ) -> R {
        func run<L: Layout>(_ layout: L) -> R {
            var typed: Any = (cache.value as? L.Cache) ?? layout.makeCache(subviews: subviews)
            defer { cache.value = typed }
            return body(layout, &typed)
        }
        return run(layout)
    }

    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing {
        withWrapped(&cache, subviews) { layout, erased in layout.erasedSpacing(subviews, &erased) }
    }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        withWrapped(&cache, subviews) { layout, erased in layout.erasedSize(proposal, subviews, &erased) }
    }

    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        withWrapped(&cache, subviews) { layout, erased in layout.erasedPlace(bounds, proposal, subviews, &erased) }
    }

    public func explicitAlignment(
        of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Subviews, cache: inout Cache
    ) -> CGFloat? {
        withWrapped(&cache, subviews) { layout, erased in
            layout.erasedAlignment(guide.key, bounds, proposal, subviews, &erased)
        }
    }

    public func explicitAlignment(
        of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
        subviews: Subviews, cache: inout Cache
    ) -> CGFloat? {
        withWrapped(&cache, subviews) { layout, erased in
            layout.erasedAlignment(guide.key, bounds, proposal, subviews, &erased)
        }
    }
}

/// The `Layout` calls with the cache passed as `Any` (holding exactly `Self.Cache`).
extension Layout {
    fileprivate func withTypedCache<R>(_ erased: inout Any, _ body: (inout Cache) -> R) -> R {
        var cache = erased as! Cache  // AnyLayout.withWrapped stored exactly this type
        defer { erased = cache }
        return body(&cache)
    }

    fileprivate func erasedSpacing(_ subviews: Subviews, _ erased: inout Any) -> ViewSpacing {
        withTypedCache(&erased) { spacing(subviews: subviews, cache: &$0) }
    }

    fileprivate func erasedSize(_ proposal: ProposedViewSize, _ subviews: Subviews, _ erased: inout Any) -> CGSize {
        withTypedCache(&erased) { sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
    }

    fileprivate func erasedPlace(
        _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: Subviews, _ erased: inout Any
    ) {
        withTypedCache(&erased) { placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
    }

    fileprivate func erasedAlignment(
        _ key: AlignmentKey, _ bounds: CGRect, _ proposal: ProposedViewSize,
        _ subviews: Subviews, _ erased: inout Any
    ) -> CGFloat? {
        withTypedCache(&erased) { cache in
            key.axis == .horizontal
                ? explicitAlignment(
                    of: HorizontalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache
                )
                : explicitAlignment(
                    of: VerticalAlignment(key: key), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }
}
