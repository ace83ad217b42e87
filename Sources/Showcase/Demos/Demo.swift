// The catalogue of demos the launcher shows: the three seed programs, then what the toolkit does beyond them.
import WaylandUI

enum Demo: String, CaseIterable, Identifiable {
    case dragReveal = "000"
    case draggableCircle = "001"
    case scope = "002"
    case multiTouch = "touch"
    case photo = "photo"
    case cards = "cards"
    case scripts = "scripts"
    case inspector = "inspector"

    var id: String { rawValue }

    /// `--demo NAME`: the seed numbers or the names above.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    var title: String {
        switch self {
        case .dragReveal: "Drag to reveal"
        case .draggableCircle: "Press, then drag"
        case .scope: "Scope"
        case .multiTouch: "Multi-touch"
        case .photo: "Pinch & rotate"
        case .cards: "Card stack"
        case .scripts: "Scripts & shapes"
        case .inspector: "Inspector"
        }
    }

    var subtitle: String {
        switch self {
        case .dragReveal: "Seed 000 · mask"
        case .draggableCircle: "Seed 001 · sequenced"
        case .scope: "Seed 002 · image mask"
        case .multiTouch: "A finger per circle"
        case .photo: "Simultaneous gestures"
        case .cards: "Velocity & springs"
        case .scripts: "Latin · Кириллица · 漢字"
        case .inspector: "Gesture arbitration, live"
        }
    }

    var colors: [Color] {
        switch self {
        case .dragReveal: [Color(red: 0.10, green: 0.45, blue: 0.95), Color(red: 0.05, green: 0.25, blue: 0.70)]
        case .draggableCircle: [Color(red: 0.30, green: 0.70, blue: 1.00), Color(red: 0.15, green: 0.40, blue: 0.85)]
        case .scope: [Color(red: 0.20, green: 0.65, blue: 0.45), Color(red: 0.05, green: 0.35, blue: 0.35)]
        case .multiTouch: [Color(red: 1.00, green: 0.55, blue: 0.20), Color(red: 0.90, green: 0.25, blue: 0.30)]
        case .photo: [Color(red: 0.95, green: 0.70, blue: 0.25), Color(red: 0.80, green: 0.40, blue: 0.15)]
        case .cards: [Color(red: 0.75, green: 0.35, blue: 0.90), Color(red: 0.40, green: 0.20, blue: 0.70)]
        case .scripts: [Color(red: 0.95, green: 0.35, blue: 0.55), Color(red: 0.60, green: 0.15, blue: 0.45)]
        case .inspector: [Color(red: 0.35, green: 0.40, blue: 0.50), Color(red: 0.15, green: 0.18, blue: 0.25)]
        }
    }
}

/// A demo's content, full-window.
struct DemoContent: View {
    let demo: Demo

    var body: some View {
        switch demo {
        case .dragReveal: ContentView()
        case .draggableCircle: DraggableCircle()
        case .scope: ScopeView()
        case .multiTouch: MultiTouchPlayground()
        case .photo: PhotoGestureDemo()
        case .cards: CardStackDemo()
        case .scripts: ScriptsInShapesDemo()
        case .inspector: GestureInspectorDemo()
        }
    }
}
