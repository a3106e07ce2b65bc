/// How far a build is: `done` of `total` units of a phase: `loadContent` (records, once loaded), `render`
/// (record pages), `searchIndex` (shard files, once the index is made), `write` (files, once
/// everything is rendered).
public struct BuildProgress: Sendable, Equatable {
    public var phase: StepName
    public var done: Int
    public var total: Int
    /// How long the phase has been at work, when it began before its first report (the search index is
    /// made while the pages render, and writing starts with the first batch): its rate is `done / seconds`.
    /// Nil when the phase began with its first report.
    public var seconds: Double? = nil
}
