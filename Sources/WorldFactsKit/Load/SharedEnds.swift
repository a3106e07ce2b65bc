import Foundation

/// Two versions of a file: how many bytes they share from their start, and from their end (the two
/// never overlap). Whatever lies in either is unchanged.
struct SharedEnds: Sendable {
    let prefix: Int
    let suffix: Int
    /// The new file's length minus the old one's.
    let shift: Int
    let newCount: Int

    init(old: [UInt8], new: [UInt8]) {
        newCount = new.count
        shift = new.count - old.count
        let shortest = min(new.count, old.count)
        (prefix, suffix) = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                var prefix = 0
                // A page at a time with memcmp, then byte by byte in the page that differs.
                let page = 4_096
                while prefix + page <= shortest, memcmp(old.baseAddress! + prefix, new.baseAddress! + prefix, page) == 0
                {
                    prefix += page
                }
                while prefix < shortest, old[prefix] == new[prefix] { prefix += 1 }
                var suffix = 0
                let room = shortest - prefix
                while suffix + page <= room,
                    memcmp(
                        old.baseAddress! + old.count - suffix - page, new.baseAddress! + new.count - suffix - page, page
                    )
                        == 0
                {
                    suffix += page
                }
                while suffix < room, old[old.count - suffix - 1] == new[new.count - suffix - 1] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }
}
