import Foundation

/// Where keyboard focus is, as state a view can read and write: `@FocusState var isFocused: Bool` with
/// `.focused($isFocused)`, or `@FocusState var field: Field?` with `.focused($field, equals: .name)`.
/// Focus moving writes it; writing it moves focus (at the next update).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    /// A binding to a focus state, for `.focused`.
    @propertyWrapper
    public struct Binding {
        package let base: UICore.Binding<Value>
        package let resetValue: Value
        /// The focus state's value.
        @MainActor public var wrappedValue: Value {
            get { base.wrappedValue }
            nonmutating set { base.wrappedValue = newValue }
        }
        /// The binding itself.
        public var projectedValue: FocusState<Value>.Binding { self }
    }

    package let storage: State<Value>
    /// The value meaning "not focused" (`false` or `nil`).
    package let resetValue: Value

    /// The current focus value.
    @MainActor public var wrappedValue: Value {
        get { storage.wrappedValue }
        nonmutating set { storage.wrappedValue = newValue }
    }
    /// A binding for `.focused`.
    @MainActor public var projectedValue: FocusState<Value>.Binding {
        Binding(base: storage.projectedValue, resetValue: resetValue)
    }

    /// A Boolean focus state, false at first.
    public init() where Value == Bool {
        storage = State(wrappedValue: false)
        resetValue = false
    }
    /// An optional focus state, nil at first.
    public init<T: Hashable>() where Value == T? {
        storage = State(wrappedValue: nil)
        resetValue = nil
    }
}

extension View {
    /// Makes the view able to take keyboard focus (click, tap, Tab) — not while it is disabled.
    public func focusable(_ isFocusable: Bool = true) -> some View {
        modifier(FocusableModifier(isFocusable: isFocusable))
    }

    /// Binds focus to `condition`: true while this view (or the focusable view inside it) has focus.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        interaction { _ in
            .focusBinding(
                FocusBinding(
                    isRequested: { condition.wrappedValue },
                    setFocused: { focused in
                        if condition.wrappedValue != focused { condition.wrappedValue = focused }
                    }))
        }
    }

    /// Binds focus to `binding`: it equals `value` while this view (or the focusable view inside it) has focus.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
        interaction { _ in
            .focusBinding(
                FocusBinding(
                    isRequested: { binding.wrappedValue == value },
                    setFocused: { focused in
                        if focused, binding.wrappedValue != value { binding.wrappedValue = value }
                        if !focused, binding.wrappedValue == value { binding.wrappedValue = binding.resetValue }
                    }))
        }
    }
}
