extension Array where Element == UInt8 {
    /// A `wl_array` of 32-bit values (xdg_toplevel states, capabilities, pressed keys), in host byte order.
    var wireUInt32s: [UInt32] {
        stride(from: 0, to: count - 3, by: 4).map { offset in
            UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
        }
    }
}
