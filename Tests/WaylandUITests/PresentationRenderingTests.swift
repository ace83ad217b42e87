import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Tab bars and presentations drawn through the renderer (the first frame of a window: a presentation shown
/// from the start shows without animating in), compared with references that were looked at.
@MainActor
@Suite struct PresentationRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    struct Behind: View {
        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("Documents").font(.title2).bold()
                Text("report.pdf")
                Text("notes.txt")
                Button("Delete…") {}
            }
            .padding(20)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    struct AlertScene: View {
        var body: some View {
            Behind()
                .alert("Delete “notes.txt”?", isPresented: .constant(true)) {
                    Button("Cancel", role: .cancel) {}
                    Button("Delete", role: .destructive) {}
                } message: {
                    Text("The file will be gone for good.")
                }
        }
    }

    struct SheetScene: View {
        var body: some View {
            Behind()
                .sheet(isPresented: .constant(true)) {
                    VStack(alignment: .leading, spacing: 14) {
                        Text("New Folder").font(.headline)
                        Text("Folders keep your files together.").foregroundStyle(.secondary)
                        HStack {
                            Spacer()
                            Button("Create") {}.buttonStyle(.borderedProminent)
                        }
                    }
                    .padding(24)
                    .presentationDetents([.medium])
                    .presentationDragIndicator(.visible)
                }
        }
    }

    struct DialogScene: View {
        var body: some View {
            Behind()
                .confirmationDialog("Share “report.pdf”", isPresented: .constant(true), titleVisibility: .visible) {
                    Button("Copy Link") {}
                    Button("Send by Email") {}
                    Button("Remove", role: .destructive) {}
                }
        }
    }

    struct TabsScene: View {
        var body: some View {
            TabView(selection: .constant(2)) {
                Tab("Library", systemImage: "books.vertical", value: 1) { Text("Library") }
                Tab("Search", systemImage: "magnifyingglass", value: 2) { Text("Search for anything") }
                Tab("Settings", systemImage: "gear", value: 3) { Text("Settings") }
            }
        }
    }

    func check(_ view: some View, width: Int, height: Int, reference: String) throws {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: width, height: height))
        let png = FileManager.default.temporaryDirectory.appending(path: "presentation-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func anAlertOverTheDimmedWindow() throws {
        try check(AlertScene(), width: 560, height: 360, reference: "presentation-alert")
    }

    @Test func aSheetOnAWideWindowIsACentredCard() throws {
        try check(SheetScene(), width: 560, height: 360, reference: "presentation-sheet-wide")
    }

    @Test func aSheetOnANarrowWindowIsABottomSheet() throws {
        try check(SheetScene(), width: 360, height: 480, reference: "presentation-sheet-narrow")
    }

    @Test func aConfirmationDialog() throws {
        try check(DialogScene(), width: 560, height: 360, reference: "presentation-confirmation-dialog")
    }

    @Test func aTabBarAsGNOMEsViewSwitcher() throws {
        try check(TabsScene(), width: 560, height: 200, reference: "tabs-view-switcher")
        try check(TabsScene(), width: 360, height: 240, reference: "tabs-view-switcher-narrow")
    }
}
