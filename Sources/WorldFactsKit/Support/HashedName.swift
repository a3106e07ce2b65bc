/// File names that carry a hash of what the file holds (`style.3fa9c2d1e0.css`), so that the name
/// changes exactly when the bytes do and a host may cache the file for good.
public enum HashedName {
    /// How many hex digits of the hash a name carries: 40 bits, plenty to tell two versions of one
    /// file apart, and short enough not to weigh on the search manifest, which names every shard.
    public static let digits = 10

    /// The tag a name carries for `hash`.
    public static func tag(_ hash: UInt64) -> String { String(Hex.text(hash).prefix(digits)) }

    /// `name` with `tag` before its extension (`style.css` → `style.<tag>.css`), or after it when it
    /// has none. Only the last path component's extension counts.
    public static func tagged(_ name: String, tag: String) -> String {
        let slash = name.lastIndex(of: "/").map { name.index(after: $0) } ?? name.startIndex
        guard let dot = name[slash...].lastIndex(of: "."), dot != slash else { return name + "." + tag }
        return String(name[..<dot]) + "." + tag + String(name[dot...])
    }
}
