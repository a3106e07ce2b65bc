/// Numbers the distinct texts among a bucket's suffixes, in the order they are first seen: an open
/// addressing table of text numbers, keyed by a hash of the scalars' values, each text kept as where
/// it is in the bucket's scalars. A dictionary keyed by the texts hashed every scalar with SipHash and
/// retained the scalars for every suffix: at 235k cities that was a quarter of a second of a clean
/// build's CPU.
struct TextNumbers {
    /// Where each distinct text starts in the scalars, and how many scalars it has, by number.
    private(set) var starts: [Int32] = []
    private(set) var counts: [Int32] = []
    /// A text number plus one in each slot, 0 where the slot is free.
    private var slots: [Int32]
    private let mask: Int

    /// Room for up to `capacity` distinct texts, with at least half the slots free.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
        starts.reserveCapacity(capacity)
        counts.reserveCapacity(capacity)
    }

    var count: Int { starts.count }

    /// The number of the text of `count` scalars at `start` in `scalars`, numbering it if it is new.
    mutating func number(start: Int32, count: Int32, in scalars: UnsafeBufferPointer<Unicode.Scalar>) -> Int {
        let text = scalars[Int(start)..<Int(start) + Int(count)]
        var slot = Self.hash(text) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot] - 1)
            if counts[number] == count
                && scalars[Int(starts[number])..<Int(starts[number]) + Int(count)].elementsEqual(text)
            {
                return number
            }
            slot = (slot + 1) & mask
        }
        precondition(starts.count * 2 < slots.count, "more distinct texts than the table was made for")
        slots[slot] = Int32(starts.count + 1)
        starts.append(start)
        counts.append(count)
        return starts.count - 1
    }

    /// A hash of the scalars' values that spreads neighbouring texts over the slots.
    static func hash(_ text: Slice<UnsafeBufferPointer<Unicode.Scalar>>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for scalar in text {
            hash = (hash ^ UInt64(scalar.value)) &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
