import CoreGraphics
// UICore: SwiftUI's programming model, platform-free (imports Foundation, the toolchain's Observation,
// CoreGraphics and Combine; it re-exports the last two because SwiftUI code uses their types, e.g.
// CGAffineTransform and ObservableObject/@Published, without importing them).
//
// How it fits together (read this before changing anything):
//
//   ViewGraph (Graph/ViewGraph.swift) — the host-facing object for one root view.
//     update(): re-evaluates invalid bodies ▸ lays out at `size` ▸ renders ▸ computes damage.
//
//   Nodes (Graph/ViewNode.swift) — one persistent node per primitive view, modifier and composite view,
//     matched across updates by its structural identity (Graph/Identity.swift: tuple index, if/else
//     branch, ForEach or .id() identifier, erased type). `View._makeViewNodes` builds them; composite
//     views become `CompositeNode`s that own @State storage (State/) and re-evaluate `body` only when
//     something they read changed (state, observed objects, @Observable properties, environment).
//     A container lays out the elements of its content (Graph/ViewList.swift): a custom view's are its
//     body's; built-in modifiers wrap each element of what they modify.
//
//   Layout (Layout/) — SwiftUI's proposal ▸ size ▸ placement protocol. `sizeThatFits` is cached per
//     proposal; `place(at:proposal:)` positions children relative to their layout parent. Invalidation
//     clears caches along the path to the root only, so a one-view change re-lays out one path.
//     GeometryReader builds its content during placement, when its geometry is known.
//
//   Rendering (DisplayList/, HitTest/) — one pass produces the display list (fills, strokes, text runs,
//     images, layers for opacity/clip/mask/shadow/transform/blend, all in window points) and the
//     hit-test tree (leaves with their shapes, gesture attachments, transforms). Container nodes cache
//     their output and reuse it when nothing below them changed; damage compares the two lists.
//
//   Gestures (Gestures/) — SwiftUI's gesture types, values and composition, stored opaquely in the
//     hit-test tree as `AttachedGesture`s. `GestureSystem` (Gestures/GestureSystem.swift) recognises them
//     from platform-free `InputEvent` frames and a `GestureClock` (deadlines: `nextDeadline`,
//     `advanceTime(to:)`), arbitrates per pointer/finger (its rule is its doc comment), and drives
//     `onChanged`/`updating`/`onEnded` and `GestureState.update(to:transaction:)`/`reset()`. One recognizer
//     class per gesture type (Gestures/Recognition/); `GestureInspector` draws their phases.
//
//   Controls (Controls/) — `Button` and its styles. A button is its style's body around a
//     `ButtonPressGesture`: pressed while held inside, the action at a release inside; the press never
//     becomes active and yields to any competitor that does, so drags and scrolls around buttons start.
//
//   Focus, keys and hover (Interaction/, Keyboard/) — `.focusable`, `.focused`, `.onKeyPress`, a button's
//     `.keyboardShortcut`, `.onHover`, `.onContinuousHover` and `.pointerStyle` are `InteractionNode`s that
//     put a `ViewInteraction` on a hit-test group. `FocusSystem` (focus, Tab order, @FocusState, key
//     delivery and shortcuts) and `HoverTracker` (hover actions, the pointer style) read them in layout
//     order; the host feeds them key presses, presses and pointer motion, as it feeds the gesture system.
//
//   Transactions (State/Transaction.swift) — writes between two updates are coalesced; the update
//     carries one `Transaction`. `.animation(_:value:)`, `.animation(_:)` and `.transaction(_:)` are nodes
//     that shape the transaction their content's changes see (`ViewNode.transactionForChange`).
//
//   Animation (Animation/) — `Animation`'s maths (AnimationCurves.swift: Bézier curves, closed-form
//     springs, delay/speed/repeats); animated properties keep a target and a presented value
//     (`AnimatedVector`, `AnimatedValue<VectorArithmetic>`): effects (opacity, shadow, scale, rotation,
//     transform), offset, fixed frame sizes, shape colours and `Animatable` shape data; transitions for
//     inserted and removed views. `ViewGraph.animations` (`AnimationDriver`) is the clock: the host runs
//     `update(at: frameTime)` on each frame callback while `isAnimating`, and stops when it is false.

@_exported import Combine
@_exported import CoreGraphics
