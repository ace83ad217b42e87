import Foundation
@_spi(Engine) import UICore

/// Where a toolbar item goes. In the header bar (GNOME's layout): navigation and cancellation items at the
/// start, after the back control; the principal item in the middle, instead of the title; every other item
/// at the end; bottom-bar and status items in a bar under the page.
public struct ToolbarItemPlacement: Hashable, Sendable {
    package enum Slot: Hashable, Sendable { case leading, principal, trailing, bottom, keyboard }
    package let slot: Slot
    package let prominent: Bool

    package init(_ slot: Slot, prominent: Bool = false) {
        self.slot = slot
        self.prominent = prominent
    }

    public static let automatic = ToolbarItemPlacement(.trailing)
    public static let principal = ToolbarItemPlacement(.principal)
    public static let navigation = ToolbarItemPlacement(.leading)
    public static let primaryAction = ToolbarItemPlacement(.trailing)
    public static let secondaryAction = ToolbarItemPlacement(.trailing)
    public static let status = ToolbarItemPlacement(.bottom)
    /// The affirmative action of a modal view: at the end, drawn as GNOME's suggested action.
    public static let confirmationAction = ToolbarItemPlacement(.trailing, prominent: true)
    public static let cancellationAction = ToolbarItemPlacement(.leading)
    public static let destructiveAction = ToolbarItemPlacement(.trailing)
    /// Shown above an on-screen keyboard on iOS; there is none here, so these items are not shown.
    public static let keyboard = ToolbarItemPlacement(.keyboard)
    public static let topBarLeading = ToolbarItemPlacement(.leading)
    public static let topBarTrailing = ToolbarItemPlacement(.trailing)
    public static let bottomBar = ToolbarItemPlacement(.bottom)
    @available(*, deprecated, renamed: "topBarLeading")
    public static let navigationBarLeading = ToolbarItemPlacement(.leading)
    @available(*, deprecated, renamed: "topBarTrailing")
    public static let navigationBarTrailing = ToolbarItemPlacement(.trailing)
}

/// One item of a page's toolbar, erased.
package struct ToolbarEntry {
    package let placement: ToolbarItemPlacement
    package let view: AnyView
}

/// Content for `toolbar(content:)`: `ToolbarItem`s and `ToolbarItemGroup`s.
@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
    /// The items this content stands for (custom content: its body's).
    static func _toolbarEntries(_ content: Self) -> [_ToolbarEntries]
}

/// Erased toolbar items (the protocol's requirement must be public; its contents are not).
public struct _ToolbarEntries {
    package let entries: [ToolbarEntry]
}

extension ToolbarContent {
    public static func _toolbarEntries(_ content: Self) -> [_ToolbarEntries] { Body._toolbarEntries(content.body) }
}

extension Never: ToolbarContent {
    public static func _toolbarEntries(_ content: Never) -> [_ToolbarEntries] { [] }
}

/// A toolbar item: a view at a placement.
public struct ToolbarItem<ID, Content: View>: ToolbarContent {
    package let placement: ToolbarItemPlacement
    package let content: Content
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _toolbarEntries(_ item: Self) -> [_ToolbarEntries] {
        [_ToolbarEntries(entries: [ToolbarEntry(placement: item.placement, view: AnyView(item.content))])]
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension ToolbarItem where ID == String {
    public init(id: String, placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several views at one placement, side by side.
public struct ToolbarItemGroup<Content: View>: ToolbarContent {
    package let placement: ToolbarItemPlacement
    package let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _toolbarEntries(_ group: Self) -> [_ToolbarEntries] {
        let row = HStack(spacing: 6) { group.content }
        return [_ToolbarEntries(entries: [ToolbarEntry(placement: group.placement, view: AnyView(row))])]
    }
}

/// Several toolbar contents in a row (what `ToolbarContentBuilder` makes of a block).
public struct _ToolbarContentList: ToolbarContent {
    package let parts: [_ToolbarEntries]
    public var body: Never { primitiveViewBody(Self.self) }
    public static func _toolbarEntries(_ list: Self) -> [_ToolbarEntries] { list.parts }
}

/// Builds toolbar content from `ToolbarItem`s, `ToolbarItemGroup`s, conditionals and loops.
@resultBuilder @MainActor
public enum ToolbarContentBuilder {
    public static func buildExpression<C: ToolbarContent>(_ content: C) -> C { content }
    public static func buildBlock<C: ToolbarContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: ToolbarContent>(_ content: repeat each C) -> _ToolbarContentList {
        var parts: [_ToolbarEntries] = []
        for part in repeat each content { parts += toolbarEntries(of: part) }
        return _ToolbarContentList(parts: parts)
    }
    public static func buildOptional<C: ToolbarContent>(_ content: C?) -> _ToolbarContentList {
        _ToolbarContentList(parts: content.map { toolbarEntries(of: $0) } ?? [])
    }
    public static func buildEither<C: ToolbarContent>(first content: C) -> _ToolbarContentList {
        _ToolbarContentList(parts: toolbarEntries(of: content))
    }
    public static func buildEither<C: ToolbarContent>(second content: C) -> _ToolbarContentList {
        _ToolbarContentList(parts: toolbarEntries(of: content))
    }
    public static func buildArray<C: ToolbarContent>(_ contents: [C]) -> _ToolbarContentList {
        _ToolbarContentList(parts: contents.flatMap { toolbarEntries(of: $0) })
    }
    public static func buildLimitedAvailability<C: ToolbarContent>(_ content: C) -> _ToolbarContentList {
        _ToolbarContentList(parts: toolbarEntries(of: content))
    }
}

@MainActor package func toolbarEntries<C: ToolbarContent>(of content: C) -> [_ToolbarEntries] {
    C._toolbarEntries(content)
}

extension View {
    /// Puts items in the header bar of the page this view is on (the views of `content` go at the end).
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let entry = ToolbarEntry(placement: .automatic, view: AnyView(HStack(spacing: 6) { content() }))
        return declaringNavigationBar { $0.toolbarItems = [entry] }
    }

    /// Puts toolbar items in the header bar (or the bottom bar) of the page this view is on.
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        let entries = Content._toolbarEntries(content()).flatMap { $0.entries }
        return declaringNavigationBar { $0.toolbarItems = entries }
    }
}
