/// A format a collection's records are published in for download (`downloads: [csv, json]`).
public enum DownloadFormat: String, Sendable, CaseIterable {
    case csv
    case json

    /// The folder of every download, beside the pages.
    public static let folder = "data"

    /// The download of a collection: `data/<id>.<format>`.
    public func path(of collection: String) -> String { "\(Self.folder)/\(collection).\(rawValue)" }
}
