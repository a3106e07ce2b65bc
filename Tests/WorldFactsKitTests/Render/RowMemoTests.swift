import Testing
import WorldFactsMustache
import WorldFactsSupport

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsRender

/// `RowMemo`: rows taken from earlier builds are the rows a fresh `IndexRows` makes, whatever was edited
/// between; and the memo stays within its budget.
@Suite struct RowMemoTests {
    let content: Content

    init() throws {
        content = try ContentLoader(folder: repoPath("Tests/Fixtures/countries")).load()
    }

    func field(_ id: String) -> Int { content.config.only.fields.firstIndex { $0.id == id }! }

    /// Seeded steps of edits (populations, capitals, titles, the detail's label, records removed), each
    /// step's rows asked of one memo that lives through them all, from pages at several roots, with their
    /// inputs given or not, and compared with a fresh `IndexRows`' rows.
    @Test(arguments: [20_261_205, 3]) func rowsThroughAMemoAreTheRowsMadeFresh(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let memo = RowMemo()
        var content = self.content
        let (population, capital) = (field("population"), field("capital"))
        var made = 0
        for step in 0..<24 {
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: content.only.records.indices, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5: content.only.records[position].values[population] = .integer(Int.random(in: -9...999_999))
                case 5..<7: content.only.records[position].values[capital] = .text("Capital \(step)")
                case 7..<9: content.only.records[position].title += " \(step)"
                default: content.config.only.index.detailLabel = "People (\(step)):"
                }
            }
            if step == 12 { content.only.records.remove(at: 3) }
            let site = try SiteModeler().model(content)
            let fresh = IndexRows(site: site)
            let kept = fresh.keeping(memo)
            let base = fresh.inputsBase(configText: site.configText)
            let inputs = site.only.records.indices.map { fresh.inputs(0, $0, base: base) }
            for root in ["", "../", "../../"] {
                let positions = site.only.records.indices.shuffled(using: &random).prefix(40)
                let given = Bool.random(using: &random) ? inputs : nil
                #expect(
                    kept.contexts(0, positions, root: root, inputs: given)
                        == fresh.contexts(0, positions, root: root), "step \(step), root \"\(root)\"")
            }
            made = memo.count.rows
        }
        // Rows were kept, and at most one per record for each root.
        #expect(made > 40 && made <= 3 * content.only.records.count)
    }

    /// A row asked again with the inputs it was made of is not made again; with other inputs, it is.
    @Test func aRowIsMadeAgainOnlyWhenItsInputsChange() {
        let memo = RowMemo()
        var makes = 0
        func contexts(_ inputs: [UInt64]) -> [TemplateValue] {
            memo.contexts(0, [0, 1, 2], root: "../", inputs: inputs) { position in
                makes += 1
                return IndexRow(title: "Row \(position) of \(inputs[position])", path: "p/\(position).html")
            }
        }
        let first = contexts([1, 2, 3])
        #expect(makes == 3)
        #expect(contexts([1, 2, 3]) == first)
        #expect(makes == 3)
        let changed = contexts([1, 5, 3])
        #expect(makes == 4)
        #expect(changed[0] == first[0] && changed[2] == first[2] && changed[1] != first[1])
    }

    /// Past its budget, a memo keeps no row of a record it holds none of, and still replaces those it holds.
    @Test func aFullMemoKeepsNoNewRecordsRowsAndStillReplacesItsOwn() {
        let row = { (position: Int, inputs: UInt64) in
            IndexRow(title: "A title long enough \(position)", path: "records/\(position)-\(inputs).html")
        }
        let memo = RowMemo(budget: 10 * RowMemo.bytes(of: row(10, 10)))
        _ = memo.contexts(0, Array(0..<30), root: "", inputs: Array(repeating: 1, count: 30)) { row($0, 1) }
        let (rows, bytes) = memo.count
        #expect(rows == 10 && bytes <= memo.budget)
        // A kept record's row, made of other inputs, replaces it; a record not kept is made and not kept.
        var makes: [Int] = []
        let contexts = memo.contexts(0, [0, 20], root: "", inputs: [2, 2]) {
            makes.append($0); return row($0, 2)
        }
        #expect(makes == [0, 20])
        #expect(contexts == [0, 20].map { IndexRows.context(row($0, 2), root: "") })
        #expect(memo.count.rows == 10)
        makes = []
        _ = memo.contexts(0, [0, 20], root: "", inputs: [2, 2]) {
            makes.append($0); return row($0, 2)
        }
        #expect(makes == [20])
    }
}
