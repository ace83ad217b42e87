import Combine
import Foundation
import Testing

private final class Profile: ObservableObject {
    @Published var name = "a"
    @Published var score = 0
    @Published var upper = ""
    init(names: some Publisher<String, Never>) {
        names.map { $0.uppercased() }.assign(to: &$upper)
    }
}

private final class Clock: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    var ticks = 0 { willSet { objectWillChange.send() } }
}

/// An observable object without `@Published` fields: it sends on `objectWillChange` itself.
private final class Manual: ObservableObject {
    var value = 0 { willSet { objectWillChange.send() } }
}

/// Objects of these classes are made by one test only: it counts how often their fields are reflected.
private final class ReflectedOnce: ObservableObject {
    @Published var value = 0
}
private final class ReflectedOnceWithoutFields: ObservableObject {
    var value = 0 { willSet { objectWillChange.send() } }
}

@Suite struct PublishedTests {
    /// `objectWillChange` reflects an object's fields once, the first time it is asked for; later reads and
    /// sets find the publisher without walking the fields again.
    @Test func anObjectsFieldsAreReflectedOnceHoweverOftenItsPublisherIsAskedFor() {
        let object = ReflectedOnce()
        let publisher = object.objectWillChange
        var heard = 0
        let token = object.objectWillChange.sink { heard += 1 }
        for value in 1...3 {
            object.value = value
            #expect(object.objectWillChange === publisher)
        }
        #expect(heard == 3)
        #expect(observableObjectReflections(of: ReflectedOnce.self) == 1)
        let plain = ReflectedOnceWithoutFields()
        let plainPublisher = plain.objectWillChange
        for value in 1...3 { plain.value = value }
        #expect(plain.objectWillChange === plainPublisher)
        #expect(observableObjectReflections(of: ReflectedOnceWithoutFields.self) == 1)
        token.cancel()
    }

    @Test func theDefaultPublisherIsTheObjectsAndGoesWithIt() {
        weak var object: Profile?
        weak var publisher: ObservableObjectPublisher?
        do {
            let profile = Profile(names: Empty())
            object = profile
            publisher = profile.objectWillChange
            #expect(profile.objectWillChange === profile.objectWillChange)
            var heard = 0
            let token = profile.objectWillChange.sink { heard += 1 }
            profile.score = 2
            #expect(heard == 1)
            token.cancel()
        }
        #expect(object == nil)
        #expect(publisher == nil, "the publisher and its subscriber bookkeeping go with the object")
    }

    @Test func anObjectWithoutPublishedFieldsKeepsOnePublisherWhileItLives() {
        weak var publisher: ObservableObjectPublisher?
        do {
            let manual = Manual()
            publisher = manual.objectWillChange
            var heard = 0
            let token = manual.objectWillChange.sink { heard += 1 }
            manual.value = 1
            #expect(heard == 1)
            token.cancel()
        }
        // The next object's lookup drops the entries of released ones.
        _ = Manual().objectWillChange
        #expect(publisher == nil)
    }

    @Test func projectedPublisherSendsCurrentThenEachNewValueBeforeItIsStored() {
        let profile = Profile(names: Empty())
        var seen: [String] = []
        var storedWhenSent: [String] = []
        let token = profile.$name.sink { value in
            seen.append(value)
            storedWhenSent.append(profile.name)
        }
        profile.name = "b"
        profile.name = "c"
        #expect(seen == ["a", "b", "c"])
        #expect(storedWhenSent == ["a", "a", "b"])
        token.cancel()
        profile.name = "d"
        #expect(seen.count == 3)
    }

    @Test func objectWillChangeFiresForEachPublishedWrite() {
        let profile = Profile(names: Empty())
        var heard = 0
        let token = profile.objectWillChange.sink { heard += 1 }
        profile.name = "x"
        profile.score = 1
        #expect(heard == 2)
        token.cancel()
        profile.name = "y"
        #expect(heard == 2)
    }

    @Test func assignToPublishedRepublishesAndAnnounces() {
        let names = PassthroughSubject<String, Never>()
        let profile = Profile(names: names)
        var heard = 0
        let token = profile.objectWillChange.sink { heard += 1 }
        names.send("ann")
        #expect(profile.upper == "ANN")
        #expect(heard == 1)
        _ = token
    }

    @Test func assignmentEndsWithTheObject() {
        let names = PassthroughSubject<String, Never>()
        weak var released: Profile?
        do {
            let profile = Profile(names: names)
            released = profile
            names.send("x")
        }
        #expect(released == nil)
        names.send("y")
    }

    @Test func customObjectWillChangePublisher() {
        let clock = Clock()
        var heard = 0
        let token = clock.objectWillChange.sink { heard += 1 }
        clock.ticks += 1
        #expect(heard == 1)
        _ = token
    }
}
