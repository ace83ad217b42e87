import Foundation
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary

@MainActor
@Suite struct AlertTests {
    struct DeleteAlert: View {
        let log: CallLog
        var deleteTitle = "Delete"
        @State var isPresented = true
        var body: some View {
            Text(isPresented ? "asking" : "answered")
                .alert("Delete the file?", isPresented: $isPresented) {
                    Button(deleteTitle, role: .destructive) { log("delete") }
                    Button("Cancel", role: .cancel) { log("cancel") }
                } message: {
                    Text("It cannot be undone.")
                }
        }
    }

    func stage(_ harness: NavigationHarness) -> PresentationStageNode? {
        allNodes(harness.graph).compactMap { $0 as? PresentationStageNode }.first
    }

    @Test func escapeRunsTheCancelButton() {
        let log = CallLog()
        let harness = NavigationHarness(DeleteAlert(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Delete the file?"))
        #expect(harness.texts.contains("It cannot be undone."))
        #expect(harness.press(.escape))
        harness.finishAnimations()
        #expect(log.entries == ["cancel"])
        #expect(harness.texts.contains("answered"))
        #expect(!harness.texts.contains("Delete the file?"))
    }

    @Test func aButtonRunsItsActionAndDismisses() {
        let log = CallLog()
        let harness = NavigationHarness(DeleteAlert(log: log), width: 640, height: 480)
        let delete = harness.textFrame("Delete")!
        harness.click(delete.midX, delete.midY)
        #expect(log.entries == ["delete"])
        #expect(harness.texts.contains("answered"))
    }

    @Test func buttonsSitSideBySideWhenTheyFitAndStackOtherwise() {
        let harness = NavigationHarness(DeleteAlert(log: CallLog()), width: 640, height: 480)
        // AdwAlertDialog: 372 wide at most, centred; the buttons share the width.
        #expect(stage(harness)?.cardFrame.width == 372)
        #expect(stage(harness)?.cardFrame.minX == 134)
        let delete = harness.textFrame("Delete")!
        let cancel = harness.textFrame("Cancel")!
        #expect(delete.midY == cancel.midY)
        #expect(delete.midX < cancel.midX)
        let long = NavigationHarness(
            DeleteAlert(log: CallLog(), deleteTitle: "Delete this file and every copy of it forever"), width: 640,
            height: 480)
        let longDelete = long.textFrame("Delete this file and every copy of it forever")!
        let stackedCancel = long.textFrame("Cancel")!
        #expect(longDelete.maxY < stackedCancel.minY)
    }

    @Test func theDestructiveButtonIsRed() {
        let harness = NavigationHarness(DeleteAlert(log: CallLog()), width: 640, height: 480)
        let delete = harness.textFrame("Delete")!
        let red = RGBA(red: 0.878, green: 0.106, blue: 0.141)
        let fills = fillColors(harness.graph.displayList.items)
        #expect(fills.contains { $0.color == red && $0.bounds.contains(CGPoint(x: delete.midX, y: delete.midY)) })
    }

    struct Legacy: View {
        let log: CallLog
        @State var isPresented = true
        var body: some View {
            Text(isPresented ? "asking" : "answered")
                .alert(isPresented: $isPresented) {
                    Alert(
                        title: Text("Save changes?"), message: Text("Your edits will be lost."),
                        primaryButton: .default(Text("Save")) { log("save") },
                        secondaryButton: .cancel { log("cancel") })
                }
        }
    }

    @Test func theDeprecatedAlertSuggestsItsDefaultButtonOnReturn() {
        let log = CallLog()
        let harness = NavigationHarness(Legacy(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Save changes?"))
        #expect(harness.texts.contains("Cancel"))
        let save = harness.textFrame("Save")!
        let accent = RGBA(red: 0.208, green: 0.518, blue: 0.894)
        #expect(
            fillColors(harness.graph.displayList.items).contains {
                $0.color == accent && $0.bounds.contains(CGPoint(x: save.midX, y: save.midY))
            })
        harness.press(.return)
        harness.finishAnimations()
        #expect(log.entries == ["save"])
        #expect(harness.texts.contains("answered"))
    }

    struct Presenting: View {
        let log: CallLog
        @State var file: String? = "notes.txt"
        @State var isPresented = true
        var body: some View {
            Text("Files")
                .alert("Rename?", isPresented: $isPresented, presenting: file) { name in
                    Button("Rename \(name)") { log("rename \(name)") }
                } message: { name in
                    Text("\(name) will get a new name.")
                }
        }
    }

    @Test func presentingPassesItsDataAndAnAlertWithoutCancelClosesOnEscape() {
        let log = CallLog()
        let harness = NavigationHarness(Presenting(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Rename notes.txt"))
        #expect(harness.texts.contains("notes.txt will get a new name."))
        harness.press(.escape)
        harness.finishAnimations()
        #expect(log.entries.isEmpty)
        #expect(!harness.texts.contains("Rename?"))
    }

    struct Choices: View {
        let log: CallLog
        @State var isPresented = true
        var body: some View {
            Text(isPresented ? "choosing" : "chosen")
                .confirmationDialog("Share", isPresented: $isPresented, titleVisibility: .visible) {
                    Button("Copy link") { log("copy") }
                    Button("Remove", role: .destructive) { log("remove") }
                }
        }
    }

    @Test func aConfirmationDialogStacksItsChoicesAndAddsCancel() {
        let log = CallLog()
        let harness = NavigationHarness(Choices(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Share"))
        let copy = harness.textFrame("Copy link")!
        let remove = harness.textFrame("Remove")!
        let cancel = harness.textFrame("Cancel")!
        #expect(copy.maxY < remove.minY && remove.maxY < cancel.minY)
        #expect(stage(harness)?.mode == .floating)
        harness.click(cancel.midX, cancel.midY)
        #expect(harness.texts.contains("chosen"))
        #expect(log.entries.isEmpty)
        let narrow = NavigationHarness(Choices(log: log), width: 360, height: 640)
        #expect(stage(narrow)?.mode == .bottomSheet)
        #expect(stage(narrow)?.cardFrame.maxY == 640)
    }

    struct LegacySheet: View {
        let log: CallLog
        @State var isPresented = true
        var body: some View {
            Text("Photos")
                .actionSheet(isPresented: $isPresented) {
                    ActionSheet(
                        title: Text("Photo"), buttons: [.destructive(Text("Delete")) { log("delete") }, .cancel()])
                }
        }
    }

    @Test func theDeprecatedActionSheetIsAConfirmationDialog() {
        let log = CallLog()
        let harness = NavigationHarness(LegacySheet(log: log), width: 640, height: 480)
        #expect(harness.texts.contains("Delete"))
        #expect(harness.texts.filter { $0 == "Cancel" }.count == 1, "\(harness.texts)")
        let delete = harness.textFrame("Delete")!
        harness.click(delete.midX, delete.midY)
        #expect(log.entries == ["delete"])
        #expect(!harness.texts.contains("Delete"))
    }
}

/// The colour fills drawn, with the bounds of their outline (layers looked into).
@MainActor func fillColors(_ items: [DisplayItem]) -> [(color: RGBA, bounds: CGRect)] {
    items.flatMap { item -> [(color: RGBA, bounds: CGRect)] in
        switch item {
        case .fill(let fill):
            if case .color(let color) = fill.paint { return [(color, fill.path.boundingRect)] }
            return []
        case .layer(let layer): return fillColors(layer.items)
        default: return []
        }
    }
}
