import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

/// A button opening a sheet, and a counter button and a Ctrl+S shortcut behind it.
struct SheetOwner: View {
    let log: CallLog
    @State private var isPresented = false
    @State private var count = 0

    var body: some View {
        VStack(spacing: 20) {
            Button("Open") { isPresented = true }
            Button("Count \(count)") { count += 1 }
            Button("Save") { log("saved") }.keyboardShortcut("s")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .sheet(isPresented: $isPresented, onDismiss: { log("onDismiss") }) {
            SheetBody(log: log)
        }
        .onChange(of: isPresented) { _, shown in log("presented \(shown)") }
    }
}

struct SheetBody: View {
    let log: CallLog
    @Environment(\.dismiss) private var dismiss
    @Environment(\.isPresented) private var isPresented
    @State private var taps = 0

    var body: some View {
        VStack {
            Text("Sheet \(isPresented ? "presented" : "not presented")")
            Button("Tap \(taps)") { taps += 1 }
            Button("Done") { dismiss() }
        }
        .frame(width: 200, height: 100)
    }
}

@MainActor
@Suite struct SheetTests {
    func stage(_ harness: NavigationHarness) -> PresentationStageNode? {
        allNodes(harness.graph).compactMap { $0 as? PresentationStageNode }.first
    }
    func presentation(_ harness: NavigationHarness) -> PresentationNode? {
        allNodes(harness.graph).compactMap { $0 as? PresentationNode }.first
    }
    func click(_ harness: NavigationHarness, _ text: String, finish: Bool = true) {
        let frame = harness.textFrame(text)!
        harness.click(frame.midX, frame.midY, finish: finish)
    }
    /// The window's dimming: the opacity of the black fill over the whole window, if drawn.
    func dimming(_ harness: NavigationHarness) -> Double? {
        for item in harness.graph.displayList.items {
            if case .fill(let fill) = item, case .rect(let rect) = fill.primitive, rect.size == harness.graph.size,
                case .color(let color) = fill.paint, color.red == 0, color.green == 0, color.blue == 0
            {
                return color.opacity
            }
        }
        return nil
    }

    @Test func aClickPresentsACentredCardAndEscapeDismissesIt() {
        let log = CallLog()
        let harness = NavigationHarness(SheetOwner(log: log), width: 640, height: 480)
        #expect(!harness.texts.contains("Sheet presented"))
        click(harness, "Open")
        #expect(log.entries == ["presented true"])
        #expect(harness.texts.contains("Sheet presented"))
        // A form-sheet card at least 360 wide, centred over the window, dimmed at 0.3.
        #expect(stage(harness)?.mode == .floating)
        #expect(stage(harness)?.cardFrame == CGRect(x: 140, y: 190, width: 360, height: 100))
        #expect(dimming(harness) == 0.3)
        #expect(harness.press(.escape))
        harness.finishAnimations()
        #expect(log.entries == ["presented true", "presented false", "onDismiss"])
        #expect(!harness.texts.contains("Sheet presented"))
        #expect(dimming(harness) == nil)
    }

    @Test func theSheetAnimatesInAndOutOnTheClock() {
        let log = CallLog()
        let harness = NavigationHarness(SheetOwner(log: log), width: 640, height: 480)
        click(harness, "Open", finish: false)
        #expect(presentation(harness)?.presentedProgress == 0)
        harness.advance(by: 125)
        let midway = presentation(harness)?.presentedProgress ?? 0
        #expect(midway > 0.5 && midway < 1)  // an ease out is past half way at half time
        #expect(dimming(harness).map { abs($0 - 0.3 * midway) < 1e-9 } == true)
        harness.advance(by: 125)
        harness.advance(by: 16)
        #expect(presentation(harness)?.presentedProgress == 1)
        #expect(!harness.graph.isAnimating)
        // Out: drawn (without taking input) until the animation ends, then onDismiss.
        harness.press(.escape)
        #expect(harness.texts.contains("Sheet presented"))
        #expect(!log.entries.contains("onDismiss"))
        harness.finishAnimations()
        #expect(log.entries.last == "onDismiss")
        #expect(presentation(harness)?.presentedProgress == 0)
    }

    @Test func nothingBehindTakesPointerOrKeysWhileTheSheetShows() {
        let log = CallLog()
        let harness = NavigationHarness(SheetOwner(log: log), width: 640, height: 480)
        click(harness, "Count 0")
        #expect(harness.texts.contains("Count 1"))
        let countFrame = harness.textFrame("Count 1")!
        click(harness, "Open")
        harness.click(countFrame.midX, countFrame.midY)
        #expect(harness.texts.contains("Count 1"))
        harness.press("s", modifiers: .command)
        #expect(!log.entries.contains("saved"))
        // Inside the sheet, the pointer works.
        click(harness, "Tap 0")
        #expect(harness.texts.contains("Tap 1"))
        // Dismissed from inside (`dismiss`), the window takes input again.
        click(harness, "Done")
        #expect(!harness.texts.contains("Tap 1"))
        harness.click(countFrame.midX, countFrame.midY)
        #expect(harness.texts.contains("Count 2"))
        harness.press("s", modifiers: .command)
        #expect(log.count("saved") == 1)
    }

    @Test func aNarrowWindowShowsABottomSheet() {
        let log = CallLog()
        let harness = NavigationHarness(SheetOwner(log: log), width: 360, height: 600)
        click(harness, "Open")
        #expect(stage(harness)?.mode == .bottomSheet)
        #expect(stage(harness)?.cardFrame == CGRect(x: 0, y: 500, width: 360, height: 100))
    }

    struct Detents: View {
        let detents: Set<PresentationDetent>
        var body: some View {
            Color.gray.sheet(isPresented: .constant(true)) {
                Text("Sheet").presentationDetents(detents).presentationDragIndicator(.visible)
            }
        }
    }

    @Test func detentsShapeTheBottomSheetAndNaNIsLoggedAndIgnored() {
        var lines: [String] = []
        PresentationLog.sink = { lines.append($0) }
        defer { PresentationLog.sink = { FileHandle.standardError.write(Data("WaylandUI: \($0)\n".utf8)) } }
        let harness = NavigationHarness(Detents(detents: [.height(.nan), .medium]), width: 360, height: 600)
        #expect(stage(harness)?.cardFrame == CGRect(x: 0, y: 300, width: 360, height: 300))
        #expect(lines == ["presentationDetents: .height(nan) is not a usable height; ignored"])
        let large = NavigationHarness(Detents(detents: [.large, .fraction(0.25)]), width: 360, height: 600)
        #expect(stage(large)?.cardFrame == CGRect(x: 0, y: 32, width: 360, height: 568))
        let fixed = NavigationHarness(Detents(detents: [.height(120)]), width: 360, height: 600)
        #expect(stage(fixed)?.cardFrame == CGRect(x: 0, y: 480, width: 360, height: 120))
    }

    struct Guarded: View {
        @State private var isPresented = true
        var body: some View {
            Text(isPresented ? "open" : "closed")
                .sheet(isPresented: $isPresented) { GuardedBody() }
        }
    }

    struct GuardedBody: View {
        @Environment(\.presentationMode) private var presentationMode
        var body: some View {
            VStack {
                Text(presentationMode.wrappedValue.isPresented ? "mode presented" : "mode not presented")
                Button("Close") { presentationMode.wrappedValue.dismiss() }
            }
            .interactiveDismissDisabled()
        }
    }

    @Test func interactiveDismissDisabledKeepsEscapeFromDismissingButNotPresentationMode() {
        let harness = NavigationHarness(Guarded(), width: 640, height: 480)
        #expect(harness.texts.contains("mode presented"))
        #expect(harness.press(.escape))
        harness.finishAnimations()
        #expect(harness.texts.contains("open"))
        #expect(harness.texts.contains("Close"))
        click(harness, "Close")
        #expect(harness.texts.contains("closed"))
        #expect(!harness.texts.contains("Close"))
    }

    struct Cover: View {
        @State private var isPresented = true
        var body: some View {
            Text("Behind").fullScreenCover(isPresented: $isPresented) { Text("Cover") }
        }
    }

    @Test func aFullScreenCoverTakesTheWholeWindowUndimmed() {
        let harness = NavigationHarness(Cover(), width: 640, height: 480)
        #expect(stage(harness)?.mode == .fullScreen)
        #expect(stage(harness)?.cardFrame == CGRect(x: 0, y: 0, width: 640, height: 480))
        #expect(dimming(harness) == nil)
        harness.press(.escape)
        harness.finishAnimations()
        #expect(!harness.texts.contains("Cover"))
    }
}
