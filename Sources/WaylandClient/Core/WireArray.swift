extension Array where Element == UInt8 {
    /// A `wl_array` of 32-bit values (xdg_toplevel states, capabilities, pressed keys), in host byte order.
    var wireUInt32s: [UInt32] {
        withUnsafeBytes { raw in
            stride(from: 0, to: count - 3, by: 4).map { raw.loadUnaligned(fromByteOffset: $0, as: UInt32.self) }
        }
    }
}
