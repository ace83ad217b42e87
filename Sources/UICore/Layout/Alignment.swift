import Foundation

/// A type that defines an alignment guide's default value in a view's dimensions.
public protocol AlignmentID {
    /// The guide's value when the view does not set it explicitly.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A guide along the horizontal axis (an x position inside a view).
public struct HorizontalAlignment: Hashable, Sendable {
    package let key: AlignmentKey
    /// An alignment defined by `id`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(guide: id, axis: .horizontal) }
    public static let leading = HorizontalAlignment(LeadingID.self)
    public static let center = HorizontalAlignment(HCenterID.self)
    public static let trailing = HorizontalAlignment(TrailingID.self)
    /// The leading edge of the last line of text; same as `.leading` for left-to-right text.
    public static let listRowSeparatorLeading = HorizontalAlignment(LeadingID.self)
}

/// A guide along the vertical axis (a y position inside a view).
public struct VerticalAlignment: Hashable, Sendable {
    package let key: AlignmentKey
    /// An alignment defined by `id`.
    public init(_ id: any AlignmentID.Type) { key = AlignmentKey(guide: id, axis: .vertical) }
    public static let top = VerticalAlignment(TopID.self)
    public static let center = VerticalAlignment(VCenterID.self)
    public static let bottom = VerticalAlignment(BottomID.self)
    /// The baseline of the first line of text (the bottom for views without text).
    public static let firstTextBaseline = VerticalAlignment(FirstBaselineID.self)
    /// The baseline of the last line of text (the bottom for views without text).
    public static let lastTextBaseline = VerticalAlignment(LastBaselineID.self)
}

/// A guide: its `AlignmentID` type and axis. Plain data (a metatype, no closure), so copying it is free.
@_spi(Engine) public struct AlignmentKey: Hashable, @unchecked Sendable {
    package let guide: any AlignmentID.Type
    /// The axis the guide measures along (x for horizontal guides).
    package let axis: Axis
    package var id: ObjectIdentifier { ObjectIdentifier(guide) }
    package var name: String { "\(guide)" }
    package func defaultValue(_ dimensions: ViewDimensions) -> CGFloat { guide.defaultValue(in: dimensions) }
    public static func == (l: AlignmentKey, r: AlignmentKey) -> Bool { l.id == r.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

/// Identities of the built-in guides, for comparisons that copy no key (keys hold a closure and a name).
package enum BuiltInGuide {
    package static let horizontalCenter = ObjectIdentifier(HCenterID.self)
    package static let verticalCenter = ObjectIdentifier(VCenterID.self)
    package static let firstBaseline = ObjectIdentifier(FirstBaselineID.self)
    package static let lastBaseline = ObjectIdentifier(LastBaselineID.self)
}

package enum LeadingID: AlignmentID { package static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
package enum HCenterID: AlignmentID {
    package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 2 }
}
package enum TrailingID: AlignmentID { package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width } }
package enum TopID: AlignmentID { package static func defaultValue(in d: ViewDimensions) -> CGFloat { 0 } }
package enum VCenterID: AlignmentID {
    package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height / 2 }
}
package enum BottomID: AlignmentID { package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height } }
package enum FirstBaselineID: AlignmentID {
    package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
}
package enum LastBaselineID: AlignmentID {
    package static func defaultValue(in d: ViewDimensions) -> CGFloat { d.height }
}

/// A horizontal and a vertical alignment guide.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
}

/// A view's size plus its alignment guides, as seen by alignment-guide closures and `Layout`s.
public struct ViewDimensions: Equatable {
    public let width: CGFloat
    public let height: CGFloat
    /// Explicit guide values set inside the view (by `alignmentGuide` or text baselines).
    package let explicitGuide: (AlignmentKey) -> CGFloat?

    package init(size: CGSize, explicitGuide: @escaping (AlignmentKey) -> CGFloat? = { _ in nil }) {
        width = size.width
        height = size.height
        self.explicitGuide = explicitGuide
    }
    /// The value of `guide`: the explicit one if set, else the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[guide.key] }
    /// The value of `guide`: the explicit one if set, else the guide's default.
    public subscript(guide: VerticalAlignment) -> CGFloat { self[guide.key] }
    /// The explicit value of `guide`, if the view sets one.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitGuide(guide.key) }
    /// The explicit value of `guide`, if the view sets one.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitGuide(guide.key) }
    package subscript(key: AlignmentKey) -> CGFloat { explicitGuide(key) ?? key.defaultValue(self) }
    public static func == (l: ViewDimensions, r: ViewDimensions) -> Bool { l.width == r.width && l.height == r.height }
}
