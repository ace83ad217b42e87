import Foundation
@_spi(Engine) import UICore

/// How a picker looks and is used.
public protocol PickerStyle {
    /// Which of the built-in looks this is.
    @_spi(Engine) var _kind: _PickerStyleKind { get }
}

/// The built-in picker looks.
@_spi(Engine) public enum _PickerStyleKind: Hashable, Sendable {
    case menu, segmented, inline, radioGroup, wheel
}

/// The platform's default: a menu.
public struct DefaultPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .menu }
}
/// A drop-down button showing the chosen option; a click opens a menu of the options (as GTK's drop-down).
public struct MenuPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .menu }
}
/// Linked segments, the chosen one raised (as libadwaita's toggle groups).
public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .segmented }
}
/// The options as rows, the chosen one checked.
public struct InlinePickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .inline }
}
/// A column of radio buttons.
public struct RadioGroupPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .radioGroup }
}
/// A column of the options with the chosen one on a band (a wheel laid flat).
public struct WheelPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .wheel }
}
/// A row showing the chosen option; here it opens a menu of the options, as `.menu` does.
public struct NavigationLinkPickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .menu }
}
/// A row of the options; drawn here as segments.
public struct PalettePickerStyle: PickerStyle {
    public init() {}
    @_spi(Engine) public var _kind: _PickerStyleKind { .segmented }
}

extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { MenuPickerStyle() } }
extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
extension PickerStyle where Self == InlinePickerStyle {
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}
extension PickerStyle where Self == RadioGroupPickerStyle {
    public static var radioGroup: RadioGroupPickerStyle { RadioGroupPickerStyle() }
}
extension PickerStyle where Self == WheelPickerStyle {
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}
extension PickerStyle where Self == NavigationLinkPickerStyle {
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}
extension PickerStyle where Self == PalettePickerStyle {
    public static var palette: PalettePickerStyle { PalettePickerStyle() }
}

package struct PickerStyleKey: EnvironmentKey { package static var defaultValue: _PickerStyleKind { .menu } }

extension EnvironmentValues {
    package var pickerStyleKind: _PickerStyleKind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the look of the pickers in this view.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerStyleKind, style._kind)
    }

    /// Focusable while enabled; the arrow keys move the selection of `options` (Left and Up back, Right and
    /// Down on).
    package func pickerArrowKeys(_ options: PickerOptions, isEnabled: Bool) -> some View {
        focusable(isEnabled)
            .onKeyPress(phases: [.down, .repeat]) { press in
                guard isEnabled else { return .ignored }
                switch press.key {
                case .leftArrow, .upArrow: options.move(by: -1)
                case .rightArrow, .downArrow: options.move(by: 1)
                default: return .ignored
                }
                return .handled
            }
    }

    /// Chooses option `index` of `options` at a click or tap released inside (as a button acts).
    package func choosesPickerOption(_ index: Int, of options: PickerOptions, isEnabled: Bool) -> some View {
        contentShape(Rectangle())
            .gesture(
                ButtonPressGesture(onPressedChange: { _ in }, action: { options.choose(index) }),
                including: isEnabled ? .all : .subviews)
    }
}

// MARK: Looks

/// `.menu`: the label, then a drop-down button showing the chosen option that opens a menu of the options.
package struct PickerMenuLook<Label: View, SelectionValue: Hashable, Content: View>: View {
    package let options: PickerOptions
    package let label: Label
    package let content: Content
    package let selection: Binding<SelectionValue>

    package var body: some View {
        let options = self.options
        let content = self.content
        let selection = self.selection
        HStack {
            label.layoutPriority(1)
            Spacer(minLength: 8)
            Menu {
                // In the menu's popup the picker is rows with check marks.
                Picker(selection: selection, content: { content }, label: { EmptyView() })
            } label: {
                if let selected = options.selectedIndex { options.view(selected).lineLimit(1) }
            }
        }
    }
}

/// A picker inside a menu: a row per option, the chosen one checked; choosing one closes the menus.
package struct PickerMenuRows: View {
    package let options: PickerOptions
    package let closeAll: @MainActor () -> Void

    package var body: some View {
        let options = self.options
        let closeAll = self.closeAll
        ForEach(0..<options.count, id: \.self) { index in
            MenuRow(label: options.view(index), checked: index == options.selectedIndex) {
                closeAll()
                options.choose(index)
            }
        }
    }
}

/// `.segmented`: the options side by side in equal segments on a grey trough, the chosen one raised in white.
package struct PickerSegmentedLook: View {
    package let options: PickerOptions
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.colorScheme) private var colorScheme

    package static let height: CGFloat = 30

    package var body: some View {
        let options = self.options
        let dark = colorScheme == .dark
        HStack(spacing: 0) {
            ForEach(0..<options.count, id: \.self) { index in
                let selected = index == options.selectedIndex
                options.view(index)
                    .lineLimit(1)
                    .padding(.horizontal, 10)
                    .frame(maxWidth: .infinity, minHeight: Self.height)
                    .background(PickerSegmentKnob(isSelected: selected, dark: dark))
                    .choosesPickerOption(index, of: options, isEnabled: isEnabled)
            }
        }
        .background(RoundedRectangle(cornerRadius: 8).fill(dark ? Color(white: 0.2) : Color(white: 0.87)))
        .pickerArrowKeys(options, isEnabled: isEnabled)
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// The raised background of the chosen segment.
package struct PickerSegmentKnob: View {
    package let isSelected: Bool
    package let dark: Bool
    package var body: some View {
        if isSelected {
            RoundedRectangle(cornerRadius: 6)
                .fill(dark ? Color(white: 0.36) : Color.white)
                .shadow(color: Color(white: 0, opacity: 0.2), radius: 1, y: 1)
                .padding(2)
        }
    }
}

/// `.inline`, `.radioGroup` and `.wheel`: the options in a column. Inline rows end with a check mark on the
/// chosen one (below the label); radio rows start with a radio button (beside the label); a wheel shows the
/// chosen row on a band and the others dimmed.
package struct PickerColumnLook<Label: View>: View {
    package let options: PickerOptions
    package let label: Label
    package let kind: _PickerStyleKind
    @Environment(\.isEnabled) private var isEnabled

    package static var rowHeight: CGFloat { 32 }

    package var body: some View {
        switch kind {
        case .radioGroup:
            HStack(alignment: .firstTextBaseline) {
                label
                rows
            }
        case .wheel:
            rows
        default:
            VStack(alignment: .leading, spacing: 4) {
                label.foregroundStyle(.secondary)
                rows
            }
        }
    }

    private var rows: some View {
        let options = self.options
        let kind = self.kind
        return VStack(alignment: kind == .wheel ? .center : .leading, spacing: 0) {
            ForEach(0..<options.count, id: \.self) { index in
                PickerColumnRow(option: options.view(index), isSelected: index == options.selectedIndex, kind: kind)
                    .choosesPickerOption(index, of: options, isEnabled: isEnabled)
            }
        }
        .pickerArrowKeys(options, isEnabled: isEnabled)
        .opacity(isEnabled ? 1 : 0.45)
    }
}

/// One row of a column picker.
package struct PickerColumnRow: View {
    package let option: PickerOptionView
    package let isSelected: Bool
    package let kind: _PickerStyleKind

    package var body: some View {
        switch kind {
        case .radioGroup:
            HStack(spacing: 6) {
                PickerRadioButton(isSelected: isSelected)
                option.lineLimit(1)
            }
            .frame(minHeight: 24)
        case .wheel:
            option.lineLimit(1)
                .foregroundStyle(isSelected ? HierarchicalShapeStyle.primary : HierarchicalShapeStyle.secondary)
                .frame(maxWidth: .infinity, minHeight: PickerColumnLook<EmptyView>.rowHeight)
                .background(
                    RoundedRectangle(cornerRadius: 6).fill(
                        isSelected ? Color(white: 0.5, opacity: 0.15) : Color.clear))
        default:
            HStack {
                option.lineLimit(1)
                Spacer(minLength: 8)
                Image(systemName: "checkmark").foregroundStyle(controlOnFill).opacity(isSelected ? 1 : 0)
            }
            .frame(minHeight: PickerColumnLook<EmptyView>.rowHeight)
        }
    }
}

/// A radio button: a ring, or an accent disc with a white dot when chosen.
package struct PickerRadioButton: View {
    package let isSelected: Bool
    package static let diameter: CGFloat = 16
    package var body: some View {
        ZStack {
            if isSelected {
                Circle().fill(controlOnFill)
                Circle().fill(Color.white).frame(width: 6, height: 6)
            } else {
                Circle().fill(Color.white)
                Circle().strokeBorder(Color(white: 0.6), lineWidth: 1)
            }
        }
        .frame(width: Self.diameter, height: Self.diameter)
    }
}
