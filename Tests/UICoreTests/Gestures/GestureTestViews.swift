import Foundation

@_spi(Engine) @testable import UICore

/// A 100×100 square with `gesture`; in a 300×300 window its frame is (100,100)–(200,200).
struct GestureBox<G: Gesture>: View {
    let gesture: G
    var body: some View {
        Color.blue.frame(width: 100, height: 100).gesture(gesture)
    }
}

/// A 200×200 parent (frame (50,50)–(250,250) in a 300×300 window) with a centred 100×100 child
/// (frame (100,100)–(200,200)); each with its gesture, the parent's attached with `priority`.
struct NestedGestures<P: Gesture, C: Gesture>: View {
    let parent: P
    let child: C
    var priority: AttachedGesture.Priority = .normal
    var showChild = true

    var body: some View {
        let content = ZStack {
            Color.gray.frame(width: 200, height: 200)
            if showChild {
                Color.blue.frame(width: 100, height: 100).gesture(child)
            }
        }
        switch priority {
        case .normal: content.gesture(parent)
        case .high: content.highPriorityGesture(parent)
        case .simultaneous: content.simultaneousGesture(parent)
        }
    }
}

/// Two 100×100 squares side by side in a 300×100 window: A at x 0–100, B at x 200–300.
struct TwoBoxes<A: Gesture, B: Gesture>: View {
    let a: A
    let b: B
    var body: some View {
        HStack(spacing: 100) {
            Color.red.frame(width: 100, height: 100).gesture(a)
            Color.green.frame(width: 100, height: 100).gesture(b)
        }
    }
}

/// A gesture made of other gestures through `body`.
struct TranslationGesture: Gesture {
    typealias Value = CGSize
    var body: some Gesture {
        DragGesture(minimumDistance: 0).map { $0.translation }
    }
}
