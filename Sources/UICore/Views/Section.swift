import Foundation

/// A part of a list, form or lazy stack, with an optional header and footer. Outside those containers its
/// header, content and footer are simply views one after the other.
public struct Section<Parent, Content, Footer> {
    package let header: Parent
    package let content: Content
    package let footer: Footer
}

extension Section: View where Parent: View, Content: View, Footer: View {
    /// A section with a header and a footer.
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
    ) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// The spelling before iOS 15, still common: header and footer as values.
    @available(*, deprecated, renamed: "Section(content:header:footer:)")
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    public var body: Never { primitiveViewBody(Self.self) }

    public static func _makeViewNodes(_ view: Self, into builder: _ViewNodeBuilder) {
        builder.with(.index(0)) { makeNodes(view.header, into: builder) }
        builder.with(.index(1)) { makeNodes(view.content, into: builder) }
        builder.with(.index(2)) { makeNodes(view.footer, into: builder) }
    }

    /// The header's elements, the content's and the footer's, each marked with its place in the section.
    public static func _makeViewList(_ view: Self) -> _ViewList {
        let parts = [_viewList(of: view.header), _viewList(of: view.content), _viewList(of: view.footer)]
        let headerCount = parts[0].count
        let rowCount = parts[1].count
        let all = _ViewList.concatenating(parts, under: { .index($0) })
        let total = all.count
        return _ViewList(count: total) { index in
            var element = all.element(index)
            let role: SectionPosition.Role =
                index < headerCount ? .header : index < headerCount + rowCount ? .row : .footer
            element.traits.section = SectionPosition(
                role: role, index: index, count: total, headerCount: headerCount,
                rowCount: rowCount)
            return element
        }
    }

    public static var _viewListCount: Int? { nil }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    /// A section without header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    /// A section with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
    @available(*, deprecated, renamed: "Section(content:header:)")
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    /// A section with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
    @available(*, deprecated, renamed: "Section(content:footer:)")
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    /// A section with a text header.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
    /// A section with a text header.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        let string = String(title)
        self.init(content: content, header: { Text(string) }, footer: { EmptyView() })
    }
}

/// Which parts of sections a lazy stack keeps in view while their section scrolls past.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers stay at the top (leading) edge while their section is in view.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers stay at the bottom (trailing) edge while their section is in view.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}
