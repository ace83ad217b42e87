import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A stack whose root lists links to numbers and colours, with destinations for both types.
struct NumbersStack: View {
    var body: some View {
        NavigationStack {
            VStack(spacing: 10) {
                NavigationLink("Seven", value: 7)
                NavigationLink(value: "red") { Text("Red") }
            }
            .navigationTitle("Numbers")
            .navigationDestination(for: Int.self) { number in
                VStack {
                    Text("Number \(number)")
                    NavigationLink("Next", value: number + 1)
                }
                .navigationTitle("No. \(number)")
            }
            .navigationDestination(for: String.self) { name in
                Text("Colour \(name)")
            }
        }
    }
}

/// A stack on a path of one type, kept in state: the root's buttons set it as a deep link would.
struct PathStack: View {
    @State private var path: [Int] = []
    let log: CallLog
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Text("Root")
                Button("Deep") { path = [1, 2] }
            }
            .navigationDestination(for: Int.self) { number in
                VStack {
                    Text("Page \(number)")
                    Button("Home") { path.removeAll() }
                }
            }
        }
        .onChange(of: path) { _, new in log("path \(new)") }
    }
}

/// A stack on a `NavigationPath` kept in state, starting with an Int and a String.
struct ErasedPathStack: View {
    @State private var path: NavigationPath
    let log: CallLog
    init(_ path: NavigationPath, log: CallLog) {
        _path = State(initialValue: path)
        self.log = log
    }
    var body: some View {
        NavigationStack(path: $path) {
            Text("Root")
                .navigationDestination(for: Int.self) { Text("Int \($0)") }
                .navigationDestination(for: String.self) { Text("String \($0)") }
        }
        .onChange(of: path) { _, new in log("count \(new.count)") }
    }
}

/// A value no stack in the tests has a destination for.
struct UnroutedValue: Hashable { let id: Int }

/// The back control sits at the start of the header bar: 6 points in, 34 points square, centred in 47.
let backControl = CGPoint(x: 23, y: 23)

@MainActor
@Suite struct NavigationStackTests {
    @Test func theRootShowsItsHeaderBarWithTheTitleCentredAndNoBackControl() {
        let h = NavigationHarness(NumbersStack())
        #expect(approx(frame(of: "HeaderBar", in: h.graph), CGRect(x: 0, y: 0, width: 400, height: 47)))
        #expect(approx(frame(of: "BottomBar", in: h.graph), CGRect(x: 0, y: 300, width: 400, height: 0)))
        let title = h.textFrame("Numbers")
        #expect(
            title != nil && abs(title!.midX - 200) < 0.5 && abs(title!.midY - 23.5) < 1, "\(String(describing: title))")
        #expect(h.texts.contains("Seven") && h.texts.contains("Red"))
        #expect(!h.hasBackControl, "no back control on the root")
    }

    @Test func aValueLinkPushesItsDestinationWithASlideAndTheBackControlPops() throws {
        let h = NavigationHarness(NumbersStack())
        let seven = try #require(h.textFrame("Seven"))
        h.click(seven.midX, seven.midY, finish: false)
        // The slide starts: the new page comes in from the trailing edge over the root.
        h.advance(by: 16)
        let entering = try #require(h.textFrame("Number 7"))
        let position = try #require(h.stack?.presentedPosition)
        #expect(position > 0 && position < 1, "mid-slide: \(position)")
        #expect(h.texts.contains("Seven"), "the root shows beneath while the page slides in")
        h.finishAnimations()
        let settled = try #require(h.textFrame("Number 7"))
        #expect(entering.minX > settled.minX + 20, "it slid in from the right: \(entering) → \(settled)")
        #expect(h.stack?.presentedPosition == 1)
        #expect(!h.texts.contains("Seven"), "the covered root is not drawn")
        #expect(h.texts.contains("No. 7"), "the page's own title: \(h.texts)")
        // Pushing again from the pushed page, then back twice.
        let next = try #require(h.textFrame("Next"))
        h.click(next.midX, next.midY)
        #expect(h.texts.contains("Number 8") && h.texts.contains("No. 8"))
        h.click(backControl.x, backControl.y)
        #expect(h.texts.contains("Number 7") && !h.texts.contains("Number 8"))
        h.click(backControl.x, backControl.y)
        #expect(h.texts.contains("Seven") && h.texts.contains("Numbers"))
        #expect(h.stack?.presentedPosition == 0)
    }

    @Test func thePoppedPageSlidesOutThenLeavesTheGraph() throws {
        let h = NavigationHarness(NumbersStack())
        let red = try #require(h.textFrame("Red"))
        h.click(red.midX, red.midY)
        #expect(h.texts.contains("Colour red"))
        h.click(backControl.x, backControl.y, finish: false)
        h.advance(by: 16)
        let leaving = try #require(h.textFrame("Colour red"), "the popped page is still drawn while it slides out")
        #expect(leaving.midX > 200)
        h.finishAnimations()
        #expect(!h.texts.contains("Colour red"))
        #expect(!allNodes(h.graph).contains { $0.debugName == "Text" && h.texts.contains("Colour red") })
        #expect(
            allNodes(h.graph).filter { $0 is NavigationBarNode }.count == 2,
            "only the root page (header and bottom bar) is left")
    }

    @Test func aPathArrayDrivesTheStackBothWays() throws {
        let log = CallLog()
        let h = NavigationHarness(PathStack(log: log))
        let deep = try #require(h.textFrame("Deep"))
        h.click(deep.midX, deep.midY)
        #expect(h.texts.contains("Page 2") && !h.texts.contains("Page 1"))
        // The back control edits the path.
        h.click(backControl.x, backControl.y)
        #expect(h.texts.contains("Page 1"))
        let home = try #require(h.textFrame("Home"))
        h.click(home.midX, home.midY)
        #expect(h.texts.contains("Root") && !h.texts.contains("Page 1"))
        #expect(log.entries == ["path [1, 2]", "path [1]", "path []"])
    }

    @Test func aNavigationPathHoldsValuesOfSeveralTypes() {
        var path = NavigationPath()
        path.append(3)
        path.append("three")
        #expect(path.count == 2 && !path.isEmpty)
        let log = CallLog()
        let h = NavigationHarness(ErasedPathStack(path, log: log))
        #expect(h.texts.contains("String three"))
        #expect(h.press(.escape))
        h.finishAnimations()
        #expect(log.entries == ["count 1"])
        #expect(h.texts.contains("Int 3"))
        path.removeLast(5)  // more than there is: the path empties, nothing traps
        #expect(path.isEmpty)
    }

    @Test func escapeAndAltLeftGoBackAndTheRootLetsEscapeThrough() throws {
        let h = NavigationHarness(NumbersStack())
        #expect(!h.press(.escape), "at the root Escape is not the stack's (it leaves fullscreen)")
        let seven = try #require(h.textFrame("Seven"))
        h.click(seven.midX, seven.midY)
        let next = try #require(h.textFrame("Next"))
        h.click(next.midX, next.midY)
        #expect(h.texts.contains("Number 8"))
        #expect(!h.press(.leftArrow), "Left alone is not a back key")
        #expect(h.press(.leftArrow, modifiers: .option))
        h.finishAnimations()
        #expect(h.texts.contains("Number 7"))
        #expect(h.press(.escape))
        h.finishAnimations()
        #expect(h.texts.contains("Seven"))
    }

    @Test func aValueWithNoDestinationShowsAPlaceholder() {
        let h = NavigationHarness(ErasedPathStack(NavigationPath([2.5]), log: CallLog()))
        #expect(h.texts.contains("No destination for Double"), "\(h.texts)")
        #expect(h.texts.contains { $0.contains("navigationDestination(for: Double.self)") })
        #expect(h.hasBackControl, "and the way back")
    }

    @Test func aValueWithNoDestinationIsLoggedOnceNamingItsType() {
        withCapturedInvalidValueLog { log in
            let h = NavigationHarness(
                ErasedPathStack(NavigationPath([UnroutedValue(id: 1), UnroutedValue(id: 2)]), log: CallLog()))
            #expect(h.texts.contains("No destination for UnroutedValue"), "\(h.texts)")
            // Frames go by, each rebuilding the views, and going back shows the first value's placeholder: still the
            // one line.
            for frame in 0..<6 {
                h.graph.environment.colorScheme = frame.isMultiple(of: 2) ? .dark : .light
                h.graph.invalidateLayout()
                h.advance(by: 16)
            }
            #expect(h.press(.escape))
            h.finishAnimations()
            #expect(h.texts.contains("No destination for UnroutedValue"), "\(h.texts)")
            // (Tests on other threads may report their own invalid values meanwhile.)
            #expect(
                log.lines.filter { $0.hasPrefix("NavigationStack") } == [
                    "NavigationStack: no navigationDestination(for: UIVocabularyTests.UnroutedValue.self) for the value "
                        + "UnroutedValue(id: 1) on the path; showing a placeholder"
                ], "\(log.lines)")
        }
    }

    @Test func theDeprecatedNavigationViewIsAStack() throws {
        struct Old: View {
            var body: some View {
                NavigationView {
                    NavigationLink(destination: Text("Pushed")) { Text("Go") }
                        .navigationBarTitle("Old style", displayMode: .inline)
                }
                .navigationViewStyle(.stack)
            }
        }
        let h = NavigationHarness(Old())
        #expect(h.texts.contains("Old style"))
        let go = try #require(h.textFrame("Go"))
        h.click(go.midX, go.midY)
        #expect(h.texts.contains("Pushed"))
        #expect(h.press(.escape))
        h.finishAnimations()
        #expect(h.texts.contains("Go"))
    }

    /// Once its window's graph goes, nothing of a stack stays: its model, its pages' bar models, its nodes.
    @Test func aStackAndItsPagesAreReleasedWithTheirGraph() throws {
        weak var graph: ViewGraph?
        weak var stack: NavigationStackNode?
        weak var stackModel: NavigationStackModel?
        var barModels: [Weak<NavigationBarModel>] = []
        var barNodes: [Weak<NavigationBarNode>] = []
        try {
            let h = NavigationHarness(NumbersStack())
            let seven = try #require(h.textFrame("Seven"))
            h.click(seven.midX, seven.midY)
            let next = try #require(h.textFrame("Next"))
            h.click(next.midX, next.midY)
            h.click(backControl.x, backControl.y)
            #expect(h.texts.contains("Number 7"))
            graph = h.graph
            stack = h.stack
            stackModel = h.stack?.model
            let bars = allNodes(h.graph).compactMap { $0 as? NavigationBarNode }
            barNodes = bars.map { Weak($0) }
            barModels = bars.compactMap(\.bar).map { Weak($0) }
            #expect(stackModel != nil && barModels.count == 4, "two pages, each with a header and a bottom bar")
        }()
        #expect(graph == nil)
        #expect(stack == nil)
        #expect(stackModel == nil)
        #expect(barNodes.allSatisfy { $0.value == nil })
        #expect(barModels.allSatisfy { $0.value == nil })
    }
}
