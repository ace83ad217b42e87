import Foundation
@_spi(Engine) import UICore

extension View {
    /// Presents `content` in a sheet while `isPresented` is true: a card over the dimmed window, a bottom sheet
    /// on narrow windows. Escape (unless `interactiveDismissDisabled`) or `dismiss` sets `isPresented` to false;
    /// `onDismiss` runs once the sheet has left.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// Presents a sheet for `item` while it is not nil; dismissing it sets `item` to nil. Another item replaces
    /// the sheet's content (and its state).
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.sheet, item: item, onDismiss: onDismiss, content: content)
    }

    /// Presents `content` over the whole window while `isPresented` is true (it slides up from the bottom).
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        presentation(.fullScreenCover, isPresented: isPresented, onDismiss: onDismiss, content: content)
    }

    /// Presents `content` over the whole window for `item` while it is not nil.
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        presentation(.fullScreenCover, item: item, onDismiss: onDismiss, content: content)
    }

    /// Keeps Escape from dismissing the sheet this view is in (`dismiss` and the binding still do).
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        preference(key: InteractiveDismissDisabledKey.self, value: isDisabled)
    }

    /// The heights the sheet this view is in may take as a bottom sheet (the tallest is used; a floating
    /// sheet on a wide window sizes to its content).
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        preference(key: PresentationDetentsKey.self, value: detents.sorted { $0.description < $1.description })
    }

    /// The heights the sheet may take, with the one selected (kept as it is: the tallest is shown).
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>)
        -> some View
    {
        presentationDetents(detents)
    }

    /// Whether a bottom sheet shows its drag indicator (`.automatic`: when it has several detents).
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        preference(key: PresentationDragIndicatorKey.self, value: visibility)
    }

    package func presentation<Content: View>(
        _ style: PresentationStyle, isPresented: Binding<Bool>, onDismiss: (() -> Void)?,
        content: @escaping () -> Content
    ) -> some View {
        let ended: (@MainActor () -> Void)? = onDismiss.map { action in { @MainActor in action() } }
        return modifier(
            PresentationModifier { () -> PresentationRequest? in
                guard isPresented.wrappedValue else { return nil }
                return PresentationRequest(
                    style: style, content: AnyView(content()), dismiss: { isPresented.wrappedValue = false },
                    onDismiss: ended)
            })
    }

    package func presentation<Item: Identifiable, Content: View>(
        _ style: PresentationStyle, item: Binding<Item?>, onDismiss: (() -> Void)?,
        content: @escaping (Item) -> Content
    ) -> some View {
        let ended: (@MainActor () -> Void)? = onDismiss.map { action in { @MainActor in action() } }
        return modifier(
            PresentationModifier { () -> PresentationRequest? in
                guard let value = item.wrappedValue else { return nil }
                return PresentationRequest(
                    style: style, content: AnyView(content(value)), dismiss: { item.wrappedValue = nil },
                    onDismiss: ended, contentID: AnyHashable(value.id))
            })
    }
}

/// A height a bottom sheet may take.
public struct PresentationDetent: Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        case medium, large
        case fraction(CGFloat)
        case height(CGFloat)
    }
    package let kind: Kind

    /// Half the window's height.
    public static let medium = PresentationDetent(kind: .medium)
    /// As tall as a sheet gets.
    public static let large = PresentationDetent(kind: .large)
    /// A fraction of the window's height.
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent {
        PresentationDetent(kind: .fraction(fraction))
    }
    /// A height in points.
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(kind: .height(height)) }

    public var description: String {
        switch kind {
        case .medium: ".medium"
        case .large: ".large"
        case .fraction(let value): ".fraction(\(value))"
        case .height(let value): ".height(\(value))"
        }
    }

    /// The height in a window `height` tall (a sheet is at most `tallest`); nil for NaN, infinite or negative
    /// values.
    package func height(in height: CGFloat, tallest: CGFloat) -> CGFloat? {
        let value: CGFloat
        switch kind {
        case .medium: value = height / 2
        case .large: value = tallest
        case .fraction(let fraction): value = fraction * height
        case .height(let points): value = points
        }
        guard value.isFinite, value >= 0 else { return nil }
        return min(value, tallest)
    }
}

/// The deprecated view of a presentation: whether the view is presented, and a way to dismiss it.
public struct PresentationMode {
    /// Whether the view is in a presented sheet (or a pushed page).
    public let isPresented: Bool
    package let dismissAction: @MainActor () -> Void

    /// Dismisses the sheet the view is in.
    @MainActor public mutating func dismiss() { dismissAction() }
}

package struct PresentationModeKey: EnvironmentKey {
    package static var defaultValue: Binding<PresentationMode> {
        Binding(
            get: {
                PresentationMode(isPresented: false) {
                    logPresentation("presentationMode.dismiss(): nothing is presented here; ignored")
                }
            }, set: { _ in })
    }
}

extension EnvironmentValues {
    /// The deprecated spelling of `isPresented` and `dismiss`.
    @available(*, deprecated, message: "use isPresented or dismiss")
    public var presentationMode: Binding<PresentationMode> {
        get { self[PresentationModeKey.self] }
        set { self[PresentationModeKey.self] = newValue }
    }
}

package struct InteractiveDismissDisabledKey: PreferenceKey {
    package static var defaultValue: Bool { false }
    package static func reduce(value: inout Bool, nextValue: () -> Bool) { value = value || nextValue() }
}

package struct PresentationDetentsKey: PreferenceKey {
    package static var defaultValue: [PresentationDetent] { [] }
    package static func reduce(value: inout [PresentationDetent], nextValue: () -> [PresentationDetent]) {
        value += nextValue()
    }
}

package struct PresentationDragIndicatorKey: PreferenceKey {
    package static var defaultValue: Visibility { .automatic }
    package static func reduce(value: inout Visibility, nextValue: () -> Visibility) { value = nextValue() }
}
