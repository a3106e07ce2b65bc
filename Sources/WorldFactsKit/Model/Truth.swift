import WorldFactsSupport

/// The value of a `boolean` field (`FieldSpec.TextKind.boolean`) as records write it: `true`, `yes`, `1`
/// or `false`, `no`, `0`, in any case, white space around it ignored.
public enum Truth {
    /// The words records write for a yes and for a no.
    public static let yes: Set<String> = ["true", "yes", "1"]
    public static let no: Set<String> = ["false", "no", "0"]

    /// True or false, or nil for any other text.
    public static func of(_ text: String) -> Bool? {
        let word = text.trimmingWhitespace().lowercased()
        return yes.contains(word) ? true : no.contains(word) ? false : nil
    }
}
