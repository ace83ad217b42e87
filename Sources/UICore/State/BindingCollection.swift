import Foundation

// `ForEach($items) { $item in … }` and `List($items) { $item in … }`: a binding to a mutable collection is a
// collection of bindings to its elements.

extension Binding: Sequence where Value: MutableCollection, Value: RandomAccessCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection, Value: RandomAccessCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Value.Index { wrappedValue.startIndex }
    public var endIndex: Value.Index { wrappedValue.endIndex }
    public var indices: Value.Indices { wrappedValue.indices }
    public func index(after i: Value.Index) -> Value.Index { wrappedValue.index(after: i) }

    /// A binding to the element at `position`. A row built before its element was removed keeps reading the
    /// element as it was, and its writes are dropped, rather than indexing past the end.
    public subscript(position: Value.Index) -> Binding<Value.Element> {
        let base = self
        let last = base.wrappedValue[position]
        var element = Binding<Value.Element>(
            get: {
                let collection = base.wrappedValue
                return collection.indices.contains(position) ? collection[position] : last
            },
            set: { newValue, transaction in
                var collection = base.wrappedValue
                guard collection.indices.contains(position) else { return }
                collection[position] = newValue
                withTransaction(transaction) { base.wrappedValue = collection }
            })
        element.transaction = transaction
        return element
    }
}

extension Binding: BidirectionalCollection where Value: MutableCollection, Value: RandomAccessCollection {
    public func index(before i: Value.Index) -> Value.Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: MutableCollection, Value: RandomAccessCollection {}

extension Binding: Identifiable where Value: Identifiable {
    /// The bound value's identity.
    public var id: Value.ID { wrappedValue.id }
}
