import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// A page of many rows after an edit changed a few of them, made from the last build's page: each run of
/// changed rows is found between the bytes of its unchanged neighbours (or the page's head or tail), and
/// the run's new bytes go there. Only the changed rows and their neighbours are made, in one render of
/// the page with those rows alone (the probe), each marked with its place (`ElementMark`).
///
/// Why the result is the page rendered whole: a row's turn of its section renders bytes that depend on
/// the row and on the page around the list, never on the other rows (Mustache has no index or sibling),
/// and each turn's bytes follow the last's. The last build's page was rendered from the same page and
/// rows in the same order (its inputs say so), so it is head, each row's bytes in order, then tail; an
/// unchanged row's bytes are the probe's. Where they occur once in the last page, they are that row's.
/// Anything else (the list rendered twice or not at all, a neighbour's bytes found twice, a head or
/// tail that differs) gives nil, and the page is rendered whole. No page is spliced where a turn can
/// read the other rows (`rowsReachTheirList`), nor where a standalone partial is indented: there a turn's
/// bytes depend on whether the one before ended a line.
struct RowSplice {
    /// The places in the list of the rows whose inputs changed, ascending.
    let changed: [Int]
    /// How many rows the list has.
    let count: Int

    /// More changed rows than this, and the page is rendered whole: each run adds two neighbours to find in it.
    static let maximumChanged = 32

    /// Whether a row's turn may read its list, or what holds it: a name of `path` (the keys from the page
    /// down to the list, the list's last) that a body of a section of the list's name may look up. Then
    /// a row's bytes may show the other rows (a section of the list inside the list), and no page of
    /// the templates is spliced.
    static func rowsReachTheirList(_ renderer: TemplateRenderer, path: [String]) -> Bool {
        guard let list = path.last else { return true }
        return !renderer.namesLookedUp(insideSectionsNamed: list).isDisjoint(with: path)
    }

    /// The places the probe shows: each changed row and its neighbours, ascending.
    var probed: [Int] {
        var places = Set<Int>()
        for place in changed {
            for neighbour in place - 1...place + 1 where (0..<count).contains(neighbour) { places.insert(neighbour) }
        }
        return places.sorted()
    }

    /// The changed rows in runs of neighbours.
    var runs: [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for place in changed {
            if let last = runs.last, last.upperBound + 1 == place {
                runs[runs.count - 1] = last.lowerBound...place
            } else {
                runs.append(place...place)
            }
        }
        return runs
    }

    /// The page: `prior` with each run's rows in from `probe`, a render of the page showing only `probed`'s
    /// rows, marked; nil when that cannot be shown to be the page rendered whole.
    func page(prior: [UInt8], probe: [UInt8], marks: [ElementMark.Found]) -> [UInt8]? {
        let places = probed
        guard !changed.isEmpty, marks.map(\.place) == places,
            zip(marks, marks.dropFirst()).allSatisfy({ $0.range.upperBound == $1.range.lowerBound }),
            let first = marks.first, let last = marks.last
        else { return nil }
        let head = probe[..<first.range.lowerBound]
        let tail = probe[last.range.upperBound...]
        guard prior.count >= head.count + tail.count, prior.starts(with: head), prior.suffix(tail.count) == tail
        else { return nil }
        let body = head.count..<prior.count - tail.count
        let ranges = Dictionary(uniqueKeysWithValues: marks.map { ($0.place, $0.range) })
        // Each run's neighbours, sought in one pass: the row before it and the row after it (none at an end).
        let runs = self.runs
        let neighbours = runs.flatMap { [$0.lowerBound - 1, $0.upperBound + 1] }
        let found = ByteSearch.onlyPlaces(
            of: neighbours.map { (0..<count).contains($0) ? ranges[$0].map { probe[$0] } ?? [] : [] }, in: prior,
            within: body)
        var replaced: [(old: Range<Int>, new: Range<Int>)] = []
        for (number, run) in runs.enumerated() {
            let start: Int
            if run.lowerBound == 0 {
                start = body.lowerBound
            } else {
                guard let place = found[2 * number], let before = ranges[run.lowerBound - 1] else { return nil }
                start = place + before.count
            }
            let end: Int
            if run.upperBound == count - 1 {
                end = body.upperBound
            } else {
                guard let place = found[2 * number + 1] else { return nil }
                end = place
            }
            guard start <= end, start >= (replaced.last?.old.upperBound ?? body.lowerBound),
                let from = ranges[run.lowerBound]?.lowerBound, let to = ranges[run.upperBound]?.upperBound
            else { return nil }
            replaced.append((start..<end, from..<to))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prior.count + probe.count)
        var at = 0
        for (old, new) in replaced {
            bytes += prior[at..<old.lowerBound]
            bytes += probe[new]
            at = old.upperBound
        }
        bytes += prior[at...]
        return bytes
    }
}

extension SiteRenderer {
    /// A complete list page after an edit, made from the last build's (`RowSplice`), when that page was
    /// made from these rows in this order with only a few of them changed since; nil otherwise. `rowInputs`:
    /// what each row of the list's source collection is made of now.
    func splicedListPage(
        _ contexts: PageContexts, _ list: ReverseList, _ position: Int, path: String, template: String,
        rowInputs: [UInt64]?
    ) -> [UInt8]? {
        // The prior's row inputs first: a clean build has none, and asks nothing more.
        guard let rowInputs, let priorRows = prior.rowInputs?[list.spec.source], priorRows.count == rowInputs.count,
            !templates.indentsIncludes, !templates.rowsReachTheirList
        else { return nil }
        let items = list.items[position]
        let changed = items.indices.filter { rowInputs[items[$0]] != priorRows[items[$0]] }
        guard !changed.isEmpty, changed.count <= RowSplice.maximumChanged,
            prior.output.canReuse(
                path,
                inputs: contexts.listPageInputs(
                    list, position, templates: templates.fingerprint, rowInputs: priorRows)),
            let last = prior.output.priorBytes(path)
        else { return nil }
        let splice = RowSplice(changed: changed, count: items.count)
        let probe = templates.renderMarking(contexts.listPage(list, position, onlyAt: splice.probed), with: template)
        return splice.page(prior: last, probe: probe.bytes, marks: probe.marks)
    }
}
