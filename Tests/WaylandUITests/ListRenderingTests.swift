import CompositorHarness
import Foundation
import Raster
import Testing
import UICore

@testable import WaylandUI

/// Lists drawn through the renderer in the light theme, compared with references that were looked at: boxed
/// sections (the default), a plain list with a pinned header band, a sidebar; a selected row, a row background.
@MainActor
@Suite struct ListRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    enum Style: String, CaseIterable { case insetGrouped, plain, sidebar }

    struct Sheet: View {
        let style: Style
        var body: some View {
            let list = List(selection: .constant(Set(["Banana"]))) {
                Section("Fruit") {
                    ForEach(["Apple", "Banana", "Cherry"], id: \.self) { Text($0) }
                }
                Section {
                    Text("Alone").listRowBackground(Color.yellow)
                } footer: {
                    Text("A footer")
                }
            }
            .font(.custom("DejaVu Sans", size: 15))
            switch style {
            case .insetGrouped: list.listStyle(.insetGrouped)
            case .plain: list.listStyle(.plain)
            case .sidebar: list.listStyle(.sidebar)
            }
        }
    }

    @Test(arguments: Style.allCases)
    func list(style: Style) throws {
        let description = WindowDescription(title: "", defaultSize: nil, makeContent: { AnyView(Sheet(style: style)) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 280, height: 320))
        let png = FileManager.default.temporaryDirectory.appending(path: "list-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height,
            reference: "list-\(style.rawValue)", in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A form: boxed sections of a toggle, a labelled value, a slider and a button.
    @Test func form() throws {
        let description = WindowDescription(
            title: "", defaultSize: nil,
            makeContent: {
                AnyView(
                    UICore.Form {
                        Section("Network") {
                            Toggle("Wi-Fi", isOn: .constant(true))
                            LabeledContent("Address", value: "10.0.0.2")
                        }
                        Section {
                            Slider(value: .constant(0.3))
                            Button("Forget network") {}
                        } footer: {
                            Text("Changes apply at once.")
                        }
                    }
                    .font(.custom("DejaVu Sans", size: 15)))
            })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 300, height: 330))
        let png = FileManager.default.temporaryDirectory.appending(path: "form-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: "form",
            in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
