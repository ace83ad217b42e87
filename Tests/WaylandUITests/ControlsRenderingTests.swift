import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Pickers, steppers, progress views and disclosure groups drawn through the renderer in the light theme,
/// compared with references that were looked at: a form of their rows, and a segmented picker.
@MainActor
@Suite struct ControlsRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    func compare<V: View>(_ view: V, size: CGSize, reference: String) throws {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(view) })
        let canvas = try OffscreenRenderer.render(description, size: size)
        let png = FileManager.default.temporaryDirectory.appending(path: "\(reference)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A form with a menu picker, a stepper, a toggle, a progress bar and an expanded disclosure group.
    @Test func formOfControls() throws {
        try compare(
            UIVocabulary.Form {
                Section("Order") {
                    Picker("Size", selection: .constant(2)) {
                        Text("Small").tag(1)
                        Text("Medium").tag(2)
                        Text("Large").tag(3)
                    }
                    Stepper("Quantity: 3", value: .constant(3), in: 1...10)
                    Toggle("Gift wrap", isOn: .constant(true))
                }
                Section {
                    ProgressView(value: 0.4) { Text("Preparing") }
                    DisclosureGroup("Notes", isExpanded: .constant(true)) {
                        Text("Leave at the door")
                    }
                }
            }
            .font(.custom("DejaVu Sans", size: 15)), size: CGSize(width: 320, height: 400), reference: "controls-form")
    }

    /// A segmented picker with the middle segment chosen, above a disabled one.
    @Test func segmentedPicker() throws {
        try compare(
            VStack(spacing: 12) {
                Picker("View", selection: .constant("Week")) {
                    ForEach(["Day", "Week", "Month"], id: \.self) { Text($0) }
                }
                Picker("View", selection: .constant("Day")) {
                    ForEach(["Day", "Week", "Month"], id: \.self) { Text($0) }
                }
                .disabled(true)
            }
            .pickerStyle(.segmented)
            .padding(10)
            .font(.custom("DejaVu Sans", size: 15)), size: CGSize(width: 280, height: 92), reference: "picker-segmented"
        )
    }
}
