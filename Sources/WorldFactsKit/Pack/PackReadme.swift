import Foundation
import WorldFactsSupport

/// The `README.txt` a pack holds: the site's title (its home page's `<title>`) and how to open it from
/// disk, with no server and no network.
public enum PackReadme {
    public static func text(output: String, fileSystem: FileSystem = .disk) -> String {
        let home = (try? fileSystem.read(joinPath(output, "index.html"))).map { String(decoding: $0, as: UTF8.self) }
        let title = home.flatMap(title(of:)) ?? "This site"
        return """
            \(title)

            Open index.html in a web browser. Every link is relative, so the site works from this folder
            wherever it is unzipped, with no server and no network; the search box too.

            Made with WorldFacts.

            """
    }

    /// The text of a page's first `<title>`, its character references for the five escaped characters read.
    static func title(of page: String) -> String? {
        guard let start = page.firstRange(of: "<title>"),
            let end = page[start.upperBound...].firstRange(of: "</title>")
        else { return nil }
        var text = String(page[start.upperBound..<end.lowerBound])
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        return text.isEmpty ? nil : text
    }
}
