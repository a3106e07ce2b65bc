/// Names a site gives codes (`names:` on a field of codes, `values:` in a language's texts): for codes
/// ICU has no name for (a language code of ISO 639-3, a currency newer than the ICU in use), or to show
/// another name than ICU's. Kept sorted by code: a config's text (`String(reflecting:)`) must be the same
/// from process to process, and a lookup is a binary search however long the table.
public struct CodeNames: Sendable {
    public private(set) var codes: [String] = []
    public private(set) var names: [String] = []

    public init() {}

    /// The table of `pairs`; a code given twice keeps its last name.
    public init(_ pairs: [(code: String, name: String)]) {
        var byCode: [String: String] = [:]
        for (code, name) in pairs { byCode[code] = name }
        for code in byCode.keys.sorted() {
            codes.append(code)
            names.append(byCode[code]!)
        }
    }

    public var isEmpty: Bool { codes.isEmpty }

    public subscript(code: Substring) -> String? {
        var (low, high) = (0, codes.count)
        while low < high {
            let middle = (low + high) / 2
            if codes[middle] < code { low = middle + 1 } else { high = middle }
        }
        return low < codes.count && codes[low] == code ? names[low] : nil
    }

    /// Every code of `self` and `other`, each with `self`'s name, else `fill`'s for it, else `other`'s.
    public func over(_ other: CodeNames, fill: (String) -> String?) -> CodeNames {
        let all = Set(codes).union(other.codes)
        return CodeNames(all.map { code in (code, self[code[...]] ?? fill(code) ?? other[code[...]]!) })
    }
}
