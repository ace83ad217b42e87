import CoreGraphics
import Foundation
@_spi(Engine) import UICore

/// One preview the app declares, with `#Preview` or a `PreviewProvider`.
package struct PreviewEntry: Identifiable {
    /// The `#Preview` name; `File.swift:line` for an unnamed one; the type name of a `PreviewProvider`.
    package let name: String
    /// The fixed size its traits ask for, if any.
    package let fixedSize: CGSize?
    /// Whether its traits ask for the view's ideal size.
    package let sizeThatFits: Bool
    package let make: @MainActor () -> AnyView
    /// Where it is declared: the source file of a `#Preview`, the module-qualified type of a `PreviewProvider`.
    package let origin: String
    package var id: String { name }
}

/// Finds the previews compiled into the program: the types `#Preview` generates and the `PreviewProvider`
/// types, read from the protocol conformance records the Swift runtime keeps for every loaded image (Swift
/// has no static initialisers, so a declaration cannot register itself).
package enum PreviewCatalog {
    @MainActor package static func all() -> [PreviewEntry] {
        var macroPreviews: [(file: String, line: Int, entry: PreviewEntry)] = []
        var providers: [PreviewEntry] = []
        for type in ConformanceScanner.types(
            conformingTo: ["_PreviewRegistration", "PreviewProvider"], inModule: "UIVocabulary")
        {
            if let registration = type as? any _PreviewRegistration.Type {
                let source = registration.previewSource
                let file = (source.file as NSString).lastPathComponent
                var fixed: CGSize?
                var fits = false
                for trait in registration.previewTraits {
                    switch trait.kind {
                    case .fixed(let width, let height): fixed = CGSize(width: width, height: height)
                    case .sizeThatFits: fits = true
                    case .defaultLayout, .orientation: break
                    }
                }
                let entry = PreviewEntry(
                    name: registration.previewName ?? "\(file):\(source.line)", fixedSize: fixed,
                    sizeThatFits: fits, make: registration.makePreview, origin: source.file)
                macroPreviews.append((source.file, source.line, entry))
            } else if let provider = type as? any PreviewProvider.Type {
                providers.append(
                    PreviewEntry(
                        name: String(describing: provider), fixedSize: nil, sizeThatFits: false,
                        make: { AnyView(provider.previews) }, origin: String(reflecting: provider)))
            }
        }
        macroPreviews.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return macroPreviews.map(\.entry) + providers.sorted { $0.name < $1.name }
    }
}

/// Reads the Swift runtime's protocol conformance records (the layout is the runtime's stable ABI: the
/// records are 32-bit relative offsets to conformance descriptors).
package enum ConformanceScanner {
    /// The non-generic types that conform to a protocol named one of `protocolNames` declared in `module`.
    package static func types(conformingTo protocolNames: Set<String>, inModule module: String) -> [Any.Type] {
        let collector = Collector(protocolNames: protocolNames, module: module)
        withExtendedLifetime(collector) {
            swift_enumerateAllMetadataSections(
                { sections, context in
                    let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                    // MetadataSections: version, baseAddress, two unused words, then ranges (start, length) of
                    // swift5_protocols and swift5_protocol_conformances.
                    let version = sections.load(as: UInt.self)
                    guard version >= 1 else { return true }
                    let rangeOffset = 4 * MemoryLayout<UInt>.size + 2 * MemoryLayout<UInt>.size
                    let start = sections.load(fromByteOffset: rangeOffset, as: UInt.self)
                    let length = sections.load(fromByteOffset: rangeOffset + MemoryLayout<UInt>.size, as: UInt.self)
                    guard let base = UnsafeRawPointer(bitPattern: start) else { return true }
                    for offset in stride(from: 0, to: Int(length), by: 4) {
                        collector.inspect(record: base + offset)
                    }
                    return true
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.found
    }

    private final class Collector {
        let protocolNames: Set<String>
        let module: String
        var found: [Any.Type] = []
        init(protocolNames: Set<String>, module: String) {
            self.protocolNames = protocolNames
            self.module = module
        }

        func inspect(record: UnsafeRawPointer) {
            let descriptor = relative(record)
            guard let proto = indirectable(descriptor), let name = contextName(proto), protocolNames.contains(name),
                let parent = indirectable(descriptor: proto, at: 4), contextName(parent) == module
            else { return }
            // Type reference kind: bits 3–5 of the conformance flags (0 direct, 1 indirect type descriptor).
            let flags = descriptor.load(fromByteOffset: 12, as: UInt32.self)
            let kind = (flags >> 3) & 0x7
            let typeDescriptor: UnsafeRawPointer
            switch kind {
            case 0: typeDescriptor = relative(descriptor + 4)
            case 1:
                guard let pointer = relative(descriptor + 4).load(as: UnsafeRawPointer?.self) else { return }
                typeDescriptor = pointer
            default: return
            }
            // Context descriptor flags: kind in the low 5 bits (16 class, 17 struct, 18 enum), 0x80 generic.
            let typeFlags = typeDescriptor.load(as: UInt32.self)
            guard (16...18).contains(typeFlags & 0x1F), typeFlags & 0x80 == 0 else { return }
            let accessor = relative(typeDescriptor + 12)
            typealias MetadataAccessor = @convention(c) (Int) -> UnsafeRawPointer?
            let access = unsafeBitCast(accessor, to: MetadataAccessor.self)
            guard let metadata = access(0) else { return }
            found.append(unsafeBitCast(metadata, to: Any.Type.self))
        }

        /// The target of the 32-bit relative offset at `pointer`.
        private func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer {
            pointer + Int(pointer.load(as: Int32.self))
        }
        /// The target of a relative pointer whose low bit marks an indirection through a pointer.
        private func indirectable(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
            let offset = Int(pointer.load(as: Int32.self))
            if offset & 1 == 0 { return pointer + offset }
            return (pointer + (offset & ~1)).load(as: UnsafeRawPointer?.self)
        }
        private func indirectable(descriptor: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
            guard descriptor.load(fromByteOffset: offset, as: Int32.self) != 0 else { return nil }
            return indirectable(descriptor + offset)
        }
        /// The name of a context descriptor (module, protocol, type): a relative pointer at offset 8.
        private func contextName(_ descriptor: UnsafeRawPointer) -> String? {
            guard descriptor.load(fromByteOffset: 8, as: Int32.self) != 0 else { return nil }
            return String(cString: relative(descriptor + 8).assumingMemoryBound(to: CChar.self))
        }
    }
}

@_silgen_name("swift_enumerateAllMetadataSections")
private func swift_enumerateAllMetadataSections(
    _ body: @convention(c) (_ sections: UnsafeRawPointer, _ context: UnsafeMutableRawPointer?) -> Bool,
    _ context: UnsafeMutableRawPointer?)

extension ViewGraph {
    /// The root view's ideal size (what `.sizeThatFitsLayout` previews use), after an update.
    package func idealContentSize() -> CGSize {
        _ = update()
        guard let content = rootNode.children.first else { return .zero }
        let size = content.sizeThatFits(.unspecified)
        return CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))
    }
}
