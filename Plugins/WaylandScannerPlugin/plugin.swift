import Foundation
import PackagePlugin

/// Runs WaylandScanner over every `protocols/*.xml` of the package, so `swift build` regenerates the
/// bindings whenever a protocol file changes, is added or is removed.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The target reaches protocols/ through its `Protocols` symlink, so the XML files are target files:
        // SwiftPM then re-plans (and calls us again) when one is added or removed, not only when one changes.
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let inputs = sourceTarget.sourceFiles(withSuffix: ".xml").map(\.url)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Bindings")
        let outputs = inputs.map { input in
            outputDirectory.appending(path: swiftTypeName(input.deletingPathExtension().lastPathComponent) + ".swift")
        } + [outputDirectory.appending(path: "WaylandInterfaceTable.swift")]
        return [
            .buildCommand(
                displayName: "Generating Wayland bindings from \(inputs.count) protocol files",
                executable: try context.tool(named: "WaylandScanner").url,
                arguments: ["--output", outputDirectory.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }

    /// Must name files as the scanner does: `xdg-shell` ▸ `XdgShell`.
    private func swiftTypeName(_ base: String) -> String {
        base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
