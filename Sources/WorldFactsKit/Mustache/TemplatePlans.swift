import Synchronization

/// Renders the many pages of a template that share a few shapes (a collection's record pages: the same
/// facts, with or without a note or a neighbour) from plans: a page of a shape seen before is its
/// plan's bytes with its texts in their places (`TemplatePlan`), with no name looked up and no section
/// walked. The first page of each shape is rendered, and the shape's plan is kept only if filling it
/// gives the same bytes.
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
    /// By template, each shape seen: its first context, kept to compare others with, and its plan (nil
    /// when filling it did not give the rendered page).
    private let shapes = Mutex<[String: [Shape]]>([:])
    static let maximumShapes = 64

    struct Shape: Sendable {
        let model: TemplateValue
        let plan: TemplatePlan?
    }

    init(canPlan: Bool) {
        self.canPlan = canPlan
    }

    /// What `renderer.render` gives; `renderer` is the one whose program holds these plans.
    func render(_ name: String, context: TemplateValue, sizeHint: Int, with renderer: TemplateRenderer) -> [UInt8] {
        guard canPlan else { return renderer.render(name, context: context, sizeHint: sizeHint) }
        let known = shapes.withLock { $0[name] ?? [] }
        var texts: [UnsafePointer<TemplateValue>] = []
        texts.reserveCapacity(64)
        return withUnsafePointer(to: context) { pointer in
            var seen = false
            for shape in known {
                let matches = withUnsafePointer(to: shape.model) {
                    ContextShape.collect(pointer, like: $0, into: &texts)
                }
                guard matches else {
                    texts.removeAll(keepingCapacity: true)
                    continue
                }
                guard let plan = shape.plan else {
                    seen = true
                    break
                }
                return plan.fill(texts, sizeHint: sizeHint)
            }
            let rendered = renderer.render(name, context: context, sizeHint: sizeHint)
            // A shape seen before that has no plan is rendered, and not planned again.
            guard !seen, known.count < Self.maximumShapes else { return rendered }
            texts.removeAll(keepingCapacity: true)
            // A shape not seen before: its plan, checked against the page just rendered.
            _ = ContextShape.collect(pointer, like: pointer, into: &texts)
            var count = 0
            let probe = ContextShape.numbered(context, next: &count)
            var plan = TemplatePlan(output: renderer.render(name, context: probe, sizeHint: sizeHint), texts: count)
            if plan?.fill(texts, sizeHint: sizeHint) != rendered { plan = nil }
            shapes.withLock { shapes in
                if shapes[name, default: []].count < Self.maximumShapes {
                    shapes[name, default: []].append(Shape(model: context, plan: plan))
                }
            }
            return rendered
        }
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
