// The `#Preview` macro, built against the SwiftSyntax modules the Swift toolchain ships (SwiftPM cannot
// fetch swift-syntax here). It turns
//     #Preview("Name", traits: .sizeThatFitsLayout) { ContentView() }
// into a uniquely named type that conforms to `_PreviewRegistration`, which the app finds at run time
// (`--previews`, `--preview NAME`) by scanning the binary's protocol conformance records.
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntax
import SwiftSyntaxMacros

public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard
            let body = node.trailingClosure
                ?? node.arguments.last(where: { $0.label?.text == "body" })?.expression.as(ClosureExprSyntax.self)
        else {
            throw PreviewMacroError("#Preview needs a trailing closure that returns the view to preview")
        }
        var name = "nil"
        var traits: [String] = []
        for argument in node.arguments where argument.label?.text != "body" {
            if argument.label == nil, traits.isEmpty, name == "nil",
                argument.expression.is(StringLiteralExprSyntax.self)
            {
                name = argument.expression.trimmedDescription
            } else {
                // `traits:` and the variadic traits after it.
                traits.append(argument.expression.trimmedDescription)
            }
        }
        let typeName = context.makeUniqueName("Preview")
        let location = context.location(of: node)
        let file = location.map { "\($0.file)" } ?? "\"\""
        let line = location.map { "\($0.line)" } ?? "0"
        return [
            """
            struct \(typeName): UIVocabulary._PreviewRegistration {
                static var previewName: String? { \(raw: name) }
                static var previewTraits: [UIVocabulary.PreviewTrait<UIVocabulary.Preview.ViewTraits>] { [\(raw: traits.joined(separator: ", "))] }
                static var previewSource: (file: String, line: Int) { (\(raw: file), \(raw: line)) }
                @MainActor static func makePreview() -> UICore.AnyView {
                    let make: @MainActor () -> any UICore.View = \(body.trimmed)
                    return UICore.AnyView(make())
                }
            }
            """
        ]
    }
}

struct PreviewMacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The plugin's entry: the toolchain has the message handling but not `SwiftCompilerPlugin`'s `@main`
/// helper, so this is that helper's few lines.
struct PreviewPluginProvider: PluginProvider {
    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard typeName == "PreviewMacro" else {
            throw PreviewMacroError("no macro \(moduleName).\(typeName) in PreviewMacros")
        }
        return PreviewMacro.self
    }
    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw PreviewMacroError("PreviewMacros loads no plugin libraries")
    }
    var features: [PluginFeature] { [] }
}

@main struct PreviewMacrosPlugin {
    static func main() throws {
        let connection = try StandardIOMessageConnection()
        try CompilerPluginMessageListener(connection: connection, provider: PreviewPluginProvider()).main()
    }
}
