/// A 24-bit colour as the picture paints it.
struct RGBColor: Hashable, Sendable {
    /// Red, 0-255.
    var red: UInt8
    /// Green, 0-255.
    var green: UInt8
    /// Blue, 0-255.
    var blue: UInt8

    /// The colour of `0xRRGGBB`.
    init(_ hex: UInt32) {
        red = UInt8(truncatingIfNeeded: hex >> 16)
        green = UInt8(truncatingIfNeeded: hex >> 8)
        blue = UInt8(truncatingIfNeeded: hex)
    }

    /// The colour of three channels.
    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb`, as SVG's `fill` takes it.
    var hex: String {
        "#" + [red, green, blue].map { channel in
            let digits = String(channel, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
