public enum FieldFormat: String, Sendable, CaseIterable {
    case text, integer, decimal, list, links
}
