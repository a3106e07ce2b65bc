import Testing

@testable import WorldFactsMustache
@testable import WorldFactsRender
@testable import WorldFactsTestSupport

/// A page made from the last build's with a few rows changed (`RowSplice`) is the page rendered whole,
/// byte for byte, or is not made: over seeded random templates (every kind of tag, partials, parents, the
/// list rendered never, once, twice or inside itself) and rows drawn from a few values, so that rows
/// repeat and a neighbour's bytes are found more than once.
@Suite struct RowSpliceTests {
    static let texts = ["", "x", "A<&>", "1", "2", "line\nbreak", "é"]

    /// A row: its text, and sometimes one that hides the page's `a`, or a flag its sections test.
    static func row(_ random: inout SplitMix) -> TemplateValue {
        var row = TemplateObject()
        let text = texts[Int(random.next() % UInt64(texts.count))]
        row.add("x", .text(random.next() % 2 == 0 ? text : "r\(random.next() % 1_000)"))
        if random.next() % 3 == 0 { row.add("a", .text(texts[Int(random.next() % UInt64(texts.count))])) }
        if random.next() % 4 == 0 { row.add("t", .flag(random.next() % 2 == 0)) }
        return .object(row)
    }

    /// The engine tests' context with `rows` as its list `l`.
    static func page(_ rows: [TemplateValue]) -> TemplateValue {
        guard case .object(var context) = TemplateEngineTests().context else { return .list(rows) }
        context["l"] = .list(rows)
        return .object(context)
    }

    /// The page after `changed` rows of `old` became `new`'s, spliced into the old page's bytes.
    static func spliced(
        _ renderer: TemplateRenderer, old: [TemplateValue], new: [TemplateValue], changed: [Int]
    ) -> [UInt8]? {
        let splice = RowSplice(changed: changed, count: new.count)
        let probe = renderer.renderMarking(
            "t", context: page(splice.probed.map { ElementMark.marked(new[$0], place: $0) }))
        return splice.page(prior: renderer.render("t", context: page(old)), probe: probe.bytes, marks: probe.marks)
    }

    @Test func aSplicedPageIsThePageRenderedWhole() throws {
        var generator = TemplateGenerator(seed: 2026_12_06)
        var random = SplitMix(state: 12_06)
        var (spliced, whole) = (0, 0)
        var failures: [String] = []
        for _ in 0..<4_000 {
            var templates = generator.templates()
            if random.next() % 2 == 0 {
                // One that shows the list and each row's text, among lines of every kind of tag.
                templates["t"] =
                    generator.line(depth: 1, partials: true) + "{{#l}}" + generator.line(depth: 1, partials: true)
                    + "{{x}}" + generator.line(depth: 2, partials: false) + "{{/l}}"
                    + generator.line(depth: 1, partials: true) + "."
            }
            let renderer = try TemplatePlansTests.renderer(templates)
            guard !renderer.indentsIncludes, !RowSplice.rowsReachTheirList(renderer, path: ["l"]) else { continue }
            let count = 1 + Int(random.next() % 12)
            let old = (0..<count).map { _ in Self.row(&random) }
            var new = old
            let changed = Set((0..<1 + Int(random.next() % 3)).map { _ in Int(random.next() % UInt64(count)) }).sorted()
            for place in changed { new[place] = Self.row(&random) }
            // Marks change no byte.
            let marked = renderer.renderMarking(
                "t", context: Self.page(new.indices.map { ElementMark.marked(new[$0], place: $0) }))
            let rendered = renderer.render("t", context: Self.page(new))
            #expect(marked.bytes == rendered)
            guard let page = Self.spliced(renderer, old: old, new: new, changed: changed) else {
                whole += 1
                continue
            }
            spliced += 1
            if page != rendered {
                failures.append(
                    "\(templates)\nold \(old)\nnew \(new)"
                        + "\nspliced: \(String(decoding: page, as: UTF8.self).debugDescription)"
                        + "\nrendered: \(String(decoding: rendered, as: UTF8.self).debugDescription)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ; the first:\n\(failures.first ?? "")")
        // Both ways are taken: most templates that show the list once are spliced.
        #expect(spliced > 500 && whole > 300, "\(spliced) spliced, \(whole) rendered whole")
    }

    @Test func aListShownOnceIsSplicedAndOneShownTwiceIsNot() throws {
        let rows: [TemplateValue] = (0..<6).map { ["x": .text("row \($0)")] }
        var new = rows
        new[0] = ["x": "first"]
        new[3] = ["x": "<changed>"]
        new[5] = ["x": "last"]
        let once = try TemplatePlansTests.renderer(["t": "<ul>\n{{#l}}<li>{{x}} {{a}}</li>\n{{/l}}</ul>"])
        let page = try #require(Self.spliced(once, old: rows, new: new, changed: [0, 3, 5]))
        #expect(page == once.render("t", context: Self.page(new)))
        let twice = try TemplatePlansTests.renderer(["t": "{{#l}}<li>{{x}}</li>{{/l}}|{{#l}}{{x}},{{/l}}"])
        #expect(Self.spliced(twice, old: rows, new: new, changed: [3]) == nil)
        // A row that may show the list (inside a section the probe's rows skip, through a partial or a
        // block's override): no template of the set is spliced.
        let reaching = [
            ["t": "{{#l}}{{x}}{{^t}}{{#l}}{{x}}{{/l}}{{/t}}{{/l}}"],
            ["t": "{{#l}}{{>p}}{{/l}}", "p": "{{#a}}{{l}}{{/a}}"],
            ["t": "{{<base}}{{$b}}{{#l}}{{/l}}{{/b}}{{/base}}", "base": "{{#l}}{{$b}}{{/b}}{{/l}}"],
        ]
        for templates in reaching {
            #expect(RowSplice.rowsReachTheirList(try TemplatePlansTests.renderer(templates), path: ["l"]))
        }
        #expect(!RowSplice.rowsReachTheirList(once, path: ["l"]))
        #expect(
            !RowSplice.rowsReachTheirList(try TemplatePlansTests.renderer(["t": "{{#l}}{{.l}}{{/l}}"]), path: ["l"]))
        // Rows whose bytes repeat: a changed row's neighbour is found twice, so the page is not spliced.
        let same: [TemplateValue] = Array(repeating: ["x": "same"], count: 5)
        var other = same
        other[2] = ["x": "other"]
        #expect(Self.spliced(once, old: same, new: other, changed: [2]) == nil)
    }
}
