import WorldFactsSupport

/// A template's output for one shape of context (`ContextShape`), cut where the texts go: the bytes every
/// context of that shape shows, and which text goes between them, escaped or not. Made by rendering the
/// template once over the context with its texts replaced by numbered markers, and reading the markers
/// back; filled, it gives what the renderer gives for any context of the shape, with no name looked up.
struct TemplatePlan: Sendable {
    /// A text's place: after `bytes[..<end]`, the text numbered `text`.
    struct Slot: Sendable, Equatable {
        var end: Int32
        var text: Int32
        var escaped: Bool
    }

    /// The bytes between the texts, all in one array.
    let bytes: [UInt8]
    let slots: [Slot]

    /// A marker starts with a byte no page shows (U+0001), then `&`, which escaping turns into `&amp;`,
    /// then the text's number and U+0002.
    static let start: UInt8 = 0x01
    static let end: UInt8 = 0x02

    static func marker(_ number: Int) -> String { "\u{1}&\(number)\u{2}" }

    /// The plan the markers of `output` (a render over a numbered `ContextTree`) say; nil when the output
    /// holds a U+0001 that is not a marker (a template or shared value with one), or names a text that
    /// is not there.
    init?(output: [UInt8], texts: Int) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.count)
        var slots: [Slot] = []
        var at = 0
        let escapedAmpersand = Array("&amp;".utf8)
        while at < output.count {
            guard output[at] == Self.start else {
                bytes.append(output[at])
                at += 1
                continue
            }
            at += 1
            let escaped = output[at...].starts(with: escapedAmpersand)
            if escaped {
                at += escapedAmpersand.count
            } else {
                guard at < output.count, output[at] == UInt8(ascii: "&") else { return nil }
                at += 1
            }
            var number = 0
            let digitsStart = at
            while at < output.count, output[at] >= UInt8(ascii: "0"), output[at] <= UInt8(ascii: "9"),
                at - digitsStart < 9
            {
                number = number * 10 + Int(output[at] - UInt8(ascii: "0"))
                at += 1
            }
            guard at > digitsStart, at < output.count, output[at] == Self.end, number < texts else { return nil }
            at += 1
            slots.append(Slot(end: Int32(bytes.count), text: Int32(number), escaped: escaped))
        }
        self.bytes = bytes
        self.slots = slots
    }

    /// The page: the plan's bytes with the texts (of a context of the plan's shape) in their places.
    func fill(_ texts: [String], sizeHint: Int) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(sizeHint)
        var start = 0
        for slot in slots {
            UTF8Runs.append(bytes, start..<Int(slot.end), to: &output)
            start = Int(slot.end)
            HTMLEscape.append(texts[Int(slot.text)], escaped: slot.escaped, to: &output)
        }
        UTF8Runs.append(bytes, start..<bytes.count, to: &output)
        return output
    }
}
