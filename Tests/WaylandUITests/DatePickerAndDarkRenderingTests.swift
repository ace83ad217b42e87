import CompositorHarness
import Foundation
import Raster
import Testing
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary

@testable import WaylandUI

/// Date pickers (the inline month calendar, the compact button's calendar popover) and the dark style (a
/// header bar, text fields with placeholder, caret, selection and focus ring, a menu) drawn through the
/// renderer, compared with references that were looked at.
@MainActor
@Suite struct DatePickerAndDarkRenderingTests {
    let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "References")

    /// A window of `view` drawn by the renderer, its popups where a compositor would put them, after `input`
    /// (clicks and keys) reached it.
    @MainActor final class Scene {
        let renderer: DisplayListRenderer
        let graph: ViewGraph
        let clock = VirtualClock()
        let focus: FocusSystem
        let popups: OffscreenPopupPresenter
        let size: CGSize

        init<V: View>(_ view: V, size: CGSize) throws {
            renderer = DisplayListRenderer(text: try TextSystem(), images: ImageStore())
            graph = ViewGraph(root: view, size: size)
            graph.textMeasurer = renderer.text
            graph.imageSizeProvider = renderer.images
            graph.animationClock = { [clock] in clock.milliseconds / 1000 }
            self.size = size
            focus = FocusSystem(graph: graph)
            popups = OffscreenPopupPresenter(
                graph: graph, windowGestures: GestureSystem(graph: graph, clock: clock), clock: clock)
            _ = popups.update()
            focus.activate()
            _ = popups.update()
        }

        func click(_ x: CGFloat, _ y: CGFloat, at t: Double) {
            clock.milliseconds = t
            popups.handle(frame: [.pointerDown(CGPoint(x: x, y: y), time: t)])
            clock.milliseconds = t + 40
            popups.handle(frame: [.pointerUp(CGPoint(x: x, y: y), time: t + 40)])
            _ = popups.update()
        }

        func key(_ key: KeyEquivalent, characters: String = "", modifiers: EventModifiers = []) {
            let press = KeyPress(phase: .down, key: key, characters: characters, modifiers: modifiers)
            if !popups.handleKey(press) { focus.handle(press) }
            _ = popups.update()
        }

        func canvas() throws -> RasterCanvas {
            let canvas = try RasterCanvas(width: Int(size.width), height: Int(size.height), scale: 1)
            renderer.background = graph.effectiveColorScheme == .dark ? WindowChrome.darkBackground : .white
            renderer.render(
                popups.update(), into: canvas,
                region: PixelRegion(PixelBox(x: 0, y: 0, width: Int(size.width), height: Int(size.height))))
            return canvas
        }
    }

    func compare(_ canvas: RasterCanvas, reference: String) throws {
        let png = FileManager.default.temporaryDirectory.appending(path: "\(reference)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: png) }
        try canvas.writePNG(toFile: png.path)
        let shot = try Screenshot.decode(png)
        let mismatch = try PixelComparison.mismatch(
            shot, width: shot.width, height: shot.height, reference: reference, in: references)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    static let start = Calendar(identifier: .gregorian).date(
        from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 12, day: 9, hour: 9, minute: 41))!

    func dated<V: View>(_ view: V) -> some View {
        view
            .environment(\.locale, Locale(identifier: "en_US"))
            .environment(\.calendar, Calendar(identifier: .gregorian))
            .environment(\.timeZone, TimeZone(identifier: "UTC")!)
            .font(.custom("DejaVu Sans", size: 14))
    }

    /// The inline month calendar of December 2026 (weeks from Sunday), the 9th chosen, with the time below.
    @Test func graphicalDatePicker() throws {
        let view = dated(
            DatePicker("Due", selection: .constant(Self.start), in: Self.start.addingTimeInterval(-86400 * 3)...)
                .datePickerStyle(.graphical)
                .padding(12))
        let scene = try Scene(view, size: CGSize(width: 262, height: 400))
        try compare(try scene.canvas(), reference: "datepicker-graphical")
    }

    /// The compact picker's date button clicked: the month calendar in a popover below it, its arrow pointing up.
    @Test func compactDatePickerPopover() throws {
        let view = dated(
            VStack {
                DatePicker("Due", selection: .constant(Self.start), displayedComponents: .date)
                Spacer()
            }
            .padding(12))
        let scene = try Scene(view, size: CGSize(width: 320, height: 380))
        // The date button is at the trailing end of the first row.
        scene.click(250, 27, at: 0)
        #expect(scene.popups.popups.count == 1)
        try compare(try scene.canvas(), reference: "datepicker-compact-popover")
    }

    /// A page's header bar in the dark style: the title centred, a back control, a flat button and a suggested
    /// action on the dark bar; a menu open over the dark page.
    @Test func darkHeaderBarAndMenu() throws {
        let view = NavigationStack(path: .constant([1])) {
            Text("Root")
                .navigationDestination(for: Int.self) { _ in
                    VStack(alignment: .leading) {
                        Menu("Sort") {
                            Button("Name") {}
                            Button("Date") {}
                            Divider()
                            Button("Delete", role: .destructive) {}
                        }
                        Spacer()
                    }
                    .padding(12)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .navigationTitle("Photos")
                    .toolbar {
                        ToolbarItem(placement: .primaryAction) { Button("Add") {} }
                        ToolbarItem(placement: .confirmationAction) { Button("Done") {} }
                    }
                }
        }
        .preferredColorScheme(.dark)
        .font(.custom("DejaVu Sans", size: 14))
        let scene = try Scene(view, size: CGSize(width: 360, height: 260))
        scene.click(40, 76, at: 0)
        #expect(scene.popups.popups.count == 1)
        scene.key(.downArrow)
        try compare(try scene.canvas(), reference: "dark-header-bar-menu")
    }

    /// Text fields in the dark style: a placeholder, and a focused field with a caret after a selected word.
    @Test func darkTextFields() throws {
        let view = VStack(spacing: 12) {
            TextField("Search", text: .constant(""))
            TextField("Name", text: .constant("Ada Lovelace"))
        }
        .padding(12)
        .preferredColorScheme(.dark)
        .font(.custom("DejaVu Sans", size: 14))
        let scene = try Scene(view, size: CGSize(width: 240, height: 100))
        scene.key(.tab)
        scene.key(.end)
        for _ in 0..<8 { scene.key(.leftArrow, modifiers: .shift) }
        try compare(try scene.canvas(), reference: "dark-text-fields")
    }

    /// Each gauge style at 40 % (a capacity bar, a dot on a track, a thin bar, the open and closed rings), a
    /// control group of three linked buttons and a group box.
    @Test func gaugesControlGroupAndGroupBox() throws {
        let view = VStack(alignment: .leading, spacing: 14) {
            Gauge(value: 40, in: 0...100) {
                Text("Storage")
            } currentValueLabel: {
                Text("40 GB")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("100")
            }
            Gauge(value: 0.4) {
                Text("Level")
            } currentValueLabel: {
                Text("40%")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("1")
            }
            .gaugeStyle(.accessoryLinear)
            Gauge(value: 0.4) { Text("Battery") }.gaugeStyle(.accessoryLinearCapacity)
            HStack(spacing: 20) {
                Gauge(value: 0.4) {
                    Text("Speed")
                } currentValueLabel: {
                    Text("40")
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("1")
                }
                .gaugeStyle(.accessoryCircular)
                Gauge(value: 0.4) {
                    Text("Ring")
                } currentValueLabel: {
                    Text("40")
                }
                .gaugeStyle(.accessoryCircularCapacity)
                ControlGroup {
                    Button {
                    } label: {
                        Image(systemName: "chevron.left")
                    }
                    Button {
                    } label: {
                        Image(systemName: "chevron.right")
                    }
                    Button("Today") {}
                }
            }
            GroupBox("Account") { Text("Signed in as Ada") }
        }
        .padding(12)
        .font(.custom("DejaVu Sans", size: 13))
        let scene = try Scene(view, size: CGSize(width: 320, height: 330))
        try compare(try scene.canvas(), reference: "gauges-control-group")
    }
}
