import Testing

@testable import WorldFactsMustache
@testable import WorldFactsTestSupport

/// Pages rendered from plans (`TemplatePlans`, `TemplatePlan`) are the renderer's pages, byte for byte.
@Suite struct TemplatePlansTests {
    /// The engine tests' context: texts, an empty text, flags, an empty list, lists of objects and of
    /// texts, nested objects.
    let context = TemplateEngineTests().context

    /// Texts that escaping changes, newlines, an empty text, a marker's bytes, and more.
    static let texts = ["", "x", "A<&>\"'", "line\nbreak", "\n", "é", "\u{1}&0\u{2}", "\u{1}", "&amp;", "  "]

    /// `value` with every text replaced by one drawn from `texts`: the same shape, other texts.
    static func retexted(_ value: TemplateValue, _ random: inout SplitMix) -> TemplateValue {
        switch value {
        case .text: return .text(texts[Int(random.next() % UInt64(texts.count))])
        case .flag: return value
        case .list(let elements): return .list(elements.map { retexted($0, &random) })
        case .object(let object):
            var retextedObject = TemplateObject()
            for entry in object.entries { retextedObject.add(entry.key, retexted(entry.value, &random)) }
            return .object(retextedObject)
        }
    }

    static func renderer(_ templates: [String: String]) throws -> TemplateRenderer {
        var parsed: [String: [TemplateNode]] = [:]
        for (name, text) in templates { parsed[name] = try TemplateParser.parse(text) }
        return TemplateRenderer(templates: parsed)
    }

    /// A plan made from one context, filled with the texts of others of its shape, gives what the
    /// renderer gives for them: over seeded random templates (every kind of tag, partials, parents),
    /// without the check `TemplatePlans` makes on each shape's first page.
    @Test func aPlanFilledWithOtherTextsIsTheRenderedPage() throws {
        var generator = TemplateGenerator(seed: 2026_11_26)
        var random = SplitMix(state: 26)
        var filled = 0
        var failures: [String] = []
        for _ in 0..<1_500 {
            let templates = generator.templates()
            let renderer = try Self.renderer(templates)
            guard !renderer.indentsIncludes else { continue }
            var count = 0
            let probe = ContextShape.numbered(context, next: &count)
            let plan = try #require(TemplatePlan(output: renderer.render("t", context: probe), texts: count))
            for _ in 0..<4 {
                let other = Self.retexted(context, &random)
                var outline = ContextOutline()
                ContextValue(other).write(into: &outline)
                #expect(outline.texts.count == count)
                let page = plan.fill(outline.texts, sizeHint: 64)
                let rendered = renderer.render("t", context: other)
                if page != rendered {
                    failures.append(
                        "\(templates)\nplan:     \(String(decoding: page, as: UTF8.self).debugDescription)"
                            + "\nrendered: \(String(decoding: rendered, as: UTF8.self).debugDescription)")
                }
                filled += 1
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ; first: \(failures.first ?? "")")
        #expect(filled > 3_000, "only \(filled) pages filled from plans")
    }

    /// Through `TemplatePlans`: pages of shapes seen before come from plans, and every page is the
    /// renderer's; a context of another shape (a key more, a list longer, a flag flipped) is not taken
    /// for one seen before.
    @Test func pagesOfKnownShapesComeFromPlans() throws {
        var generator = TemplateGenerator(seed: 2026_11_27)
        var random = SplitMix(state: 27)
        var planned = 0
        var failures = 0
        let others: [TemplateValue] = [
            context, Self.adding("extra", to: context), Self.adding("t", value: false, to: context),
            Self.adding("l", value: [["x": "1"]], to: context),
        ]
        for _ in 0..<500 {
            let templates = generator.templates()
            let renderer = try Self.renderer(templates)
            let plans = renderer.plans
            for _ in 0..<3 {
                for shape in others {
                    let page = Self.retexted(shape, &random)
                    if renderer.renderPlanned("t", context: page) != renderer.render("t", context: page) {
                        failures += 1
                    }
                }
            }
            if plans.counts(of: "t").planned == others.count { planned += 1 }
        }
        #expect(failures == 0)
        #expect(planned > 300, "only \(planned) of 500 templates had a plan for each shape")
    }

    static func adding(_ key: String, value: TemplateValue = "added", to context: TemplateValue) -> TemplateValue {
        guard case .object(var object) = context else { return context }
        object[key] = value
        return .object(object)
    }

    /// A template whose own text holds the byte a marker starts with has no plan, and renders as ever.
    @Test func aTemplateWithAMarkersByteHasNoPlan() throws {
        let renderer = try Self.renderer(["t": "<\u{1}&0\u{2}>{{a}}"])
        let plans = renderer.plans
        for _ in 0..<2 {
            #expect(renderer.renderPlanned("t", context: context) == renderer.render("t", context: context))
        }
        #expect(plans.counts(of: "t") == (0, 1))
        // A context with no text at all, of a shape seen before without a plan, is not taken for a new shape.
        let bare = try Self.renderer(["t": "<\u{1}>{{#t}}x{{/t}}"])
        let flagOnly: TemplateValue = ["t": true]
        for _ in 0..<3 { #expect(bare.renderPlanned("t", context: flagOnly) == Array("<\u{1}>x".utf8)) }
        #expect(bare.plans.counts(of: "t") == (0, 1))
    }

    /// Under an indented standalone partial, a text that ends a line decides whether the next is
    /// indented: no plans there.
    @Test func indentedPartialsAreNeverPlanned() throws {
        let renderer = try Self.renderer(["t": "<\n  {{>p}}\n>", "p": "{{a}}\nz\n"])
        #expect(renderer.indentsIncludes)
        let plans = renderer.plans
        #expect(!plans.canPlan)
        let pages: [TemplateValue] = [["a": "one"], ["a": "one\n"], ["a": ""]]
        for page in pages { #expect(renderer.renderPlanned("t", context: page) == renderer.render("t", context: page)) }
        #expect(plans.counts(of: "t") == (0, 0))
    }

    /// A page written by a source (as `RecordContext` writes record pages): its tree is the context the
    /// writer calls say, its outline's texts are in the tree's order, and a page whose shared value is
    /// another value (other storage, other texts) is not taken for a shape seen before.
    @Test func aSourcesTreeOutlineAndSharedValues() throws {
        struct Page: ContextSource {
            let shared: SharedValue
            let title: String
            let links: [String]

            func write(into writer: inout ContextTree) { write(to: &writer) }
            func write(into writer: inout ContextOutline) { write(to: &writer) }

            func write<Writer: ContextWriter>(to writer: inout Writer) {
                writer.shared("site", shared)
                writer.text("title", title)
                writer.flag("wide", links.count > 1)
                writer.beginList("links")
                for link in links {
                    writer.beginElement()
                    writer.text("href", link)
                    writer.end()
                }
                writer.end()
                writer.beginObject("back")
                writer.text("title", title + "!")
                writer.end()
                writer.value("extra", ["n": "1", "f": false])
            }
        }
        let one = SharedValue(["name": "One <&>"])
        let other = SharedValue(["name": "Other"])
        let page = Page(shared: one, title: "T", links: ["a", "b"])
        let expected: TemplateValue = [
            "site": one.value, "title": "T", "wide": true, "links": [["href": "a"], ["href": "b"]],
            "back": ["title": "T!"], "extra": ["n": "1", "f": false],
        ]
        #expect(page.tree == expected)
        var outline = ContextOutline()
        page.write(into: &outline)
        #expect(outline.texts == ["T", "a", "b", "T!", "1"])

        let renderer = try Self.renderer([
            "t": "{{site.name}}|{{title}}|{{#wide}}w{{/wide}}{{#links}}<{{href}}>{{/links}}|{{back.title}}|{{extra.n}}"
        ])
        let pages = [
            page, Page(shared: one, title: "U&", links: ["c", "d"]),
            Page(shared: other, title: "V", links: ["e", "f"]), Page(shared: one, title: "W", links: ["g"]),
            Page(shared: other, title: "X", links: ["h", "i"]),
        ]
        for page in pages {
            #expect(
                String(decoding: renderer.renderPlanned("t", source: page), as: UTF8.self)
                    == String(decoding: renderer.render("t", context: page.tree), as: UTF8.self))
        }
        // Three shapes: two shared values with two links, one with one link.
        #expect(renderer.plans.counts(of: "t") == (3, 0))
    }
}
