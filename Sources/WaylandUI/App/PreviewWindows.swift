import Foundation
@_spi(Engine) import UICore
@_spi(Engine) import UIVocabulary
import WaylandClient

/// The windows of `--previews` (every preview of the app, live, in a scrolling list) and `--preview NAME`
/// (one preview, at the size its traits ask for).
@MainActor
enum PreviewWindows {
    static func description(for options: HostOptions) -> WindowDescription {
        let entries = PreviewCatalog.all()
        guard let name = options.preview else {
            if entries.isEmpty {
                FileHandle.standardError.write(
                    Data("WaylandUI: --previews: this program declares no #Preview or PreviewProvider\n".utf8))
            }
            Probe.report("previews \(entries.count): \(entries.map(\.name).joined(separator: "; "))")
            return WindowDescription(
                title: "Previews", defaultSize: CGSize(width: 640, height: 720),
                makeContent: { AnyView(PreviewList(entries: entries)) })
        }
        guard let entry = entries.first(where: { $0.name == name }) else {
            let known = entries.map { "  \($0.name)" }.joined(separator: "\n")
            FileHandle.standardError.write(
                Data(
                    "WaylandUI: --preview: no preview named '\(name)'; the previews are:\n\(known.isEmpty ? "  (none)" : known)\n"
                        .utf8))
            exit(2)
        }
        let size = entry.fixedSize ?? (entry.sizeThatFits ? idealSize(of: entry) : nil)
        return WindowDescription(title: entry.name, defaultSize: size, makeContent: entry.make)
    }

    /// The preview's ideal size, measured with the real text system.
    private static func idealSize(of entry: PreviewEntry) -> CGSize? {
        guard let text = try? TextSystem() else { return nil }
        let graph = ViewGraph(root: entry.make(), size: CGSize(width: 10_000, height: 10_000))
        graph.textMeasurer = text
        graph.imageSizeProvider = ImageStore()
        let size = graph.idealContentSize()
        return CGSize(width: max(1, size.width), height: max(1, size.height))
    }
}

/// Every preview under its name, each in a frame of its preview size.
private struct PreviewList: View {
    let entries: [PreviewEntry]
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                ForEach(entries) { entry in
                    VStack(alignment: .leading, spacing: 6) {
                        Text(entry.name).font(.headline)
                        entry.make()
                            .frame(width: entry.fixedSize?.width ?? 600, height: entry.fixedSize?.height ?? 200)
                            .clipped()
                            .border(Color.gray)
                    }
                }
            }
            .padding(16)
        }
    }
}
