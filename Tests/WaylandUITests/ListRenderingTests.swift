import CompositorHarness
import Foundation
import Raster
import Testing

@_spi(Engine) @testable import UICore
@_spi(Engine) @testable import UIVocabulary
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
                    UIVocabulary.Form {
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

    /// Each list style and a form, side by side in a window taller than their rows, light or dark: the list's
    /// background fills its whole frame below the last row (as SwiftUI's does), in the scheme's colour.
    struct Backgrounds: View {
        enum Column: CaseIterable { case plain, insetGrouped, grouped, sidebar, form }
        var body: some View {
            HStack(spacing: 0) {
                ForEach(Column.allCases, id: \.self) { column in
                    Group {
                        switch column {
                        case .plain: rows.listStyle(.plain)
                        case .insetGrouped: rows.listStyle(.insetGrouped)
                        case .grouped: rows.listStyle(.grouped)
                        case .sidebar: rows.listStyle(.sidebar)
                        case .form: UIVocabulary.Form { Section("Form") { Toggle("On", isOn: .constant(true)) } }
                        }
                    }
                    .frame(width: 110)
                }
            }
            .font(.custom("DejaVu Sans", size: 13))
        }
        var rows: some View {
            List {
                Section("List") {
                    Text("One")
                    Text("Two")
                }
            }
        }
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func listBackgroundsFillTheirFrame(scheme: ColorScheme) throws {
        let description = WindowDescription(
            title: "", defaultSize: nil,
            makeContent: { AnyView(Backgrounds().preferredColorScheme(scheme)) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 550, height: 200))
        let name = scheme == .dark ? "list-backgrounds-dark" : "list-backgrounds"
        let png = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        // Below the last row, each column shows its style's background in the scheme's colours.
        let kinds: [_ListStyleKind] = [.plain, .insetGrouped, .grouped, .sidebar, .insetGrouped]
        for (column, kind) in kinds.enumerated() {
            let expected = ListPalette(kind: kind, isDark: scheme == .dark).backgroundRGBA
            let (red, green, blue, _) = shot.pixel(x: column * 110 + 55, y: 190)
            #expect(
                abs(Double(red) - expected.red * 255) <= 2 && abs(Double(green) - expected.green * 255) <= 2
                    && abs(Double(blue) - expected.blue * 255) <= 2,
                "column \(column) (\(kind)) below its rows: \((red, green, blue)), expected \(expected)")
        }
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: name, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Mail rows; the second swiped open (Flag in orange, Delete in red), or the list in edit mode with delete
    /// buttons and move handles.
    struct Mail: View {
        let editing: Bool
        var body: some View {
            List {
                Section("Inbox") {
                    ForEach(["Ann", "Bob", "Cid"], id: \.self) { name in
                        Text(name)
                            .swipeActions {
                                Button("Delete", role: .destructive) {}
                                Button("Flag") {}.tint(.orange)
                            }
                    }
                    .onDelete { _ in }
                    .onMove { _, _ in }
                }
            }
            .environment(\.editMode, .constant(editing ? .active : .inactive))
            .font(.custom("DejaVu Sans", size: 15))
        }
    }

    /// A slow finger swipe of `distance` points to the left from the trailing edge of the second row of a list
    /// under a section header, then frames from the graph's own clock on (it never goes back) until it settles.
    @MainActor static func swipeSecondRowOpen(_ graph: ViewGraph, by distance: CGFloat) {
        let gestures = GestureSystem(graph: graph, clock: VirtualClock())
        let y: CGFloat = 16 + 20 + 44 + 22
        gestures.handle(.touchDown(1, CGPoint(x: 270, y: y), time: 0))
        for step in 1...6 {
            let x = 270 - distance * CGFloat(step) / 6
            gestures.handle(.touchMove(1, CGPoint(x: x, y: y), time: Double(step) * 50))
        }
        gestures.handle(.touchUp(1, CGPoint(x: 270 - distance, y: y), time: 500))
        let start = graph.animations.time
        var time = start
        repeat {
            time += 1.0 / 60
            _ = graph.update(at: time)
        } while graph.isAnimating && time < start + 3
    }

    @Test(arguments: [false, true])
    func mailRows(editing: Bool) throws {
        let description = WindowDescription(
            title: "", defaultSize: nil, makeContent: { AnyView(Mail(editing: editing)) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 300, height: 200)) { graph in
            guard !editing else { return }
            // A slow finger swipe from the trailing edge of Bob's row (the second), then the row settles open.
            Self.swipeSecondRowOpen(graph, by: 150)
        }
        let name = editing ? "list-edit-mode" : "list-swipe-actions"
        let png = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: name, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// A `ForEach` with `onDelete` and no swipe actions of its own: the second row swiped open on the Delete
    /// button the list gives it, light and dark.
    struct Pantry: View {
        var body: some View {
            List {
                Section("Pantry") {
                    ForEach(["Apples", "Bread", "Coffee"], id: \.self) { Text($0) }
                        .onDelete { _ in }
                }
            }
            .font(.custom("DejaVu Sans", size: 15))
        }
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func onDeleteSwipeRevealsDelete(scheme: ColorScheme) throws {
        let description = WindowDescription(
            title: "", defaultSize: nil, makeContent: { AnyView(Pantry().preferredColorScheme(scheme)) })
        let canvas = try OffscreenRenderer.render(description, size: CGSize(width: 300, height: 200)) { graph in
            // A slow finger swipe from the trailing edge of Bread's row, then the row settles open.
            Self.swipeSecondRowOpen(graph, by: 90)
        }
        let name = scheme == .dark ? "list-delete-swipe-dark" : "list-delete-swipe"
        let png = FileManager.default.temporaryDirectory.appending(path: "\(name)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: name, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
