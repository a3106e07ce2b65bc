import Foundation

/// The live-reload snippet that `serve` adds to HTML responses; it is never written into Output.
public enum ReloadSnippet {
    public static let eventsPath = "/__worldfacts/events"
    static let script = "<script>new EventSource(\"\(eventsPath)\").onmessage=function(){location.reload()}</script>"

    public static func inject(into html: String, base: Bool = false) -> String {
        var page = html
        if base, let head = page.range(of: "<head>") {
            page.insert(contentsOf: "\n<base href=\"/\">", at: head.upperBound)
        }
        if let end = page.range(of: "</body>", options: .backwards) {
            page.insert(contentsOf: script + "\n", at: end.lowerBound)
        } else {
            page += script
        }
        return page
    }
}
