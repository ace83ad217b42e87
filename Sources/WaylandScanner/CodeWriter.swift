/// Accumulates indented source text.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ content: String) {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// Writes a line that opens a block; the following lines are indented until `close`.
    mutating func open(_ content: String) {
        line(content)
        depth += 1
    }

    mutating func close(_ content: String) {
        depth -= 1
        line(content)
    }

    mutating func indent(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// A doc comment from the XML's summary, with the version that introduced the member.
    mutating func doc(_ summary: String?, since: Int = 1) {
        if let summary {
            let words = summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            // Capitalise prose, but not a leading protocol name such as `wl_surface`.
            let first = words.prefix { !$0.isWhitespace }
            let sentence = first.contains("_") ? words : words.prefix(1).uppercased() + words.dropFirst()
            line("/// \(sentence)\(sentence.hasSuffix(".") ? "" : ".")")
        }
        if since > 1 {
            if summary != nil { line("///") }
            line("/// Since version \(since).")
        }
    }
}
