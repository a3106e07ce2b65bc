/// The mounts of `/proc/self/mountinfo`: where each file system is mounted and its type, to tell which
/// one a path is on.
struct MountTable: Equatable {
    struct Mount: Equatable {
        var point: String
        var type: String
    }

    /// In the order the kernel lists them: a later mount on the same point hides an earlier one.
    var mounts: [Mount]

    /// Each line is `id parent major:minor root point options [tags…] - type source options`; a point's
    /// spaces, tabs, newlines and backslashes are octal escapes (`\040`).
    init(_ text: String) {
        mounts = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count > 6, let dash = fields.firstIndex(of: "-"), dash > 5, dash + 1 < fields.count else {
                return nil
            }
            return Mount(point: Self.unescaped(fields[4]), type: String(fields[dash + 1]))
        }
    }

    /// The type of the file system an absolute, resolved path is on: that of the last-listed mount
    /// whose point is the longest that holds the path.
    func type(of path: String) -> String? {
        var best: Mount?
        for mount in mounts where Self.holds(mount.point, path) {
            if mount.point.utf8.count >= best?.point.utf8.count ?? 0 { best = mount }
        }
        return best?.type
    }

    static func holds(_ point: String, _ path: String) -> Bool {
        point == "/" || path == point || path.hasPrefix(point + "/")
    }

    static func unescaped(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var at = 0
        while at < utf8.count {
            if utf8[at] == UInt8(ascii: "\\"), at + 3 < utf8.count,
                let value = UInt8(String(decoding: utf8[(at + 1)...(at + 3)], as: UTF8.self), radix: 8)
            {
                bytes.append(value)
                at += 4
            } else {
                bytes.append(utf8[at])
                at += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
