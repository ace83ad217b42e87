import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Hebrew and Arabic in text fields and an editor, rendered offscreen with DejaVu Sans (it has both scripts)
/// and compared with a reference image (looked at when written): each right-to-left run is shaped in its
/// direction (Arabic letters joined) and the runs stand in the bidirectional algorithm's display order.
@MainActor
@Suite struct BidiRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    @Test func hebrewAndArabicInFieldsAndAnEditor() throws {
        let view = VStack(alignment: .leading, spacing: 4) {
            TextField("", text: .constant("ab שלום cd"))
            TextField("", text: .constant("مرحبا بالعالم 25"))
            TextEditor(text: .constant("עברית 123 abc\nالعربية (نص)")).frame(height: 40)
        }
        .font(.custom("DejaVu Sans", size: 14)).padding(6).frame(width: 240, height: 110).background(Color.white)
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 240, height: 110))
        let png = FileManager.default.temporaryDirectory.appending(path: "bidi-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, tolerance: 0, reference: "bidi-fields", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A focused right-to-left field: Home puts the caret at its right end; Shift+Left six times crosses, on screen,
    /// "שלום " and then the "d" of "world" (drawn at the left). The selection is the text from the start to before
    /// the d, in text order: two rectangles with the d between them, the caret between l and d. An Arabic field
    /// with digits below, unfocused, its text right-aligned.
    @Test func caretAndSelectionAcrossADirectionBoundaryInARightToLeftField() throws {
        let view = VStack(alignment: .leading, spacing: 6) {
            TextField("", text: .constant("שלום world"))
            TextField("", text: .constant("السعر 25 دينار"))
        }
        .font(.custom("DejaVu Sans", size: 14)).padding(6).frame(width: 240, height: 70).background(Color.white)
        let scene = try DatePickerAndDarkRenderingTests.Scene(view, size: CGSize(width: 240, height: 70))
        scene.key(.home)
        for _ in 0..<6 { scene.key(.leftArrow, modifiers: .shift) }
        try DatePickerAndDarkRenderingTests().compare(try scene.canvas(), reference: "bidi-field-selection")
    }
}
