import Synchronization

/// Renders the many pages of a template that share a few shapes (a collection's record pages: the same
/// facts, with or without a note or a neighbour) from plans: a page of a shape seen before is written
/// only as its outline (`ContextOutline`), and is its plan's bytes with its texts in their places
/// (`TemplatePlan`), with no tree made, no name looked up and no section walked. The first page of each
/// shape is rendered, and the shape's plan is kept only if filling it gives the same bytes.
///
/// Plans are made only when no standalone partial or parent is indented: there, whether a line starts
/// after a text (it ends in a newline, or is empty) decides whether the next line is indented, so the
/// bytes around the texts depend on the texts. And only for up to `maximumShapes` shapes of a template;
/// pages of further shapes are rendered.
///
/// A program's own (`TemplateProgram.plans`), so that plans of one set of templates are never used for
/// another; the renderer is passed in, not kept, which would make a cycle.
public final class TemplatePlans: Sendable {
    /// Whether plans can be made for the program's templates (see above).
    public let canPlan: Bool
    /// By template, each shape seen: its outline, kept to compare others with, and its plan (nil when
    /// filling it did not give the rendered page).
    private let shapes = Mutex<[String: [Shape]]>([:])
    static let maximumShapes = 64

    /// A shape: its outline (`ContextOutline`: it holds the shared values it was seen with, so that
    /// their storage stays theirs), and its plan.
    struct Shape: Sendable {
        let outline: ContextOutline
        let plan: TemplatePlan?
    }

    init(canPlan: Bool) {
        self.canPlan = canPlan
    }

    /// What `renderer.render` gives for the source's context; `renderer` is the one whose program
    /// holds these plans. A page of a shape seen before is written only as its outline.
    func render(_ name: String, source: some ContextSource, sizeHint: Int, with renderer: TemplateRenderer)
        -> [UInt8]
    {
        guard canPlan else { return renderer.render(name, context: source.tree, sizeHint: sizeHint) }
        var outline = ContextOutline()
        source.write(into: &outline)
        let known = shapes.withLock { $0[name] ?? [] }
        if let shape = known.first(where: { $0.outline.sameShape(as: outline) }) {
            guard let plan = shape.plan else { return renderer.render(name, context: source.tree, sizeHint: sizeHint) }
            return plan.fill(outline.texts, sizeHint: sizeHint)
        }
        let rendered = renderer.render(name, context: source.tree, sizeHint: sizeHint)
        guard known.count < Self.maximumShapes else { return rendered }
        // A shape not seen before: its plan, checked against the page just rendered.
        var probe = ContextTree(numbering: true)
        source.write(into: &probe)
        var plan = TemplatePlan(
            output: renderer.render(name, context: probe.value, sizeHint: sizeHint), texts: probe.numbered ?? 0)
        if plan?.fill(outline.texts, sizeHint: sizeHint) != rendered { plan = nil }
        shapes.withLock { shapes in
            let seen = shapes[name, default: []]
            if seen.count < Self.maximumShapes, !seen.contains(where: { $0.outline.sameShape(as: outline) }) {
                shapes[name, default: []].append(Shape(outline: outline, plan: plan))
            }
        }
        return rendered
    }

    /// How many shapes of a template have a plan, and how many were found to have none.
    func counts(of name: String) -> (planned: Int, unplanned: Int) {
        shapes.withLock { shapes in
            let all = shapes[name] ?? []
            let planned = all.filter { $0.plan != nil }.count
            return (planned, all.count - planned)
        }
    }
}
