import WorldFactsModel
import WorldFactsOutput
import WorldFactsRender
import WorldFactsSearch
import WorldFactsSupport

/// What a build after value edits (`ValueEdits`) makes again, in every language: the pages the edits
/// reach (`EditReach`), and the search index updated where the edited rows are. The writer keeps every
/// other file. A language whose site is its prior one with the same edits in makes only what they reach;
/// any other language is made whole, each file of its folder made or kept by its inputs.
struct EditPlan {
    /// The default language's reach.
    let reach: EditReach
    /// By language other than the default: its reach, nil for a language made whole.
    let languageReach: [EditReach?]
    /// By language other than the default: the search memo its index updates. A language's index is
    /// updated only beside the default's: the scopes it shares are the default's, and what they changed
    /// is known from the default's update.
    let languageSearch: [SearchMemo?]
    /// The model of the last build, which the edits went into.
    let prior: PriorModel?
    let languages: LanguageSites

    init(_ edits: ValueEdits, site: Site, languages: LanguageSites, prior: PriorModel?) {
        reach = EditReach(edits, in: site)
        languageReach = languages.languages.map { language in language.edits.map { EditReach($0, in: language.site) } }
        languageSearch = zip(languages.languages, languageReach).map { language, reach in
            reach == nil || prior?.search == nil ? nil : language.prior?.search
        }
        self.prior = prior
        self.languages = languages
    }

    /// The folders the writer makes whole (`OutputWriter(editing:remaking:)`): each file in them is made
    /// or kept by its inputs, and one no longer made goes. They are the folders of the languages made
    /// whole, and the search folder of each index with no memo to update.
    var remaking: [String] {
        let sites = languages.sites
        return (prior?.search == nil ? [SearchIndex.folder] : [])
            + sites.indices.compactMap { number in
                let folder = sites[number].config.folder
                if languageReach[number] == nil { return folder }
                return languageSearch[number] == nil ? folder + SearchIndex.folder : nil
            }
    }

    /// What the generator of language `number` (0 the default) keeps: searched values are fixed by
    /// `ValueEdits`, so the keys are the last build's, and its index is updated where the edited rows are.
    func generation(_ number: Int, renderer: SiteRenderer, output: any PriorOutput) -> GenerationPrior {
        if number == 0 {
            return .edited(
                output: output, reach: reach, renderer: renderer, rowInputs: prior?.rowInputs, search: prior?.search,
                downloads: prior?.downloads)
        }
        guard let reach = languageReach[number - 1], let language = languages.languages[number - 1].prior else {
            return GenerationPrior(output: output)
        }
        return .edited(
            output: output, reach: reach, renderer: renderer, rowInputs: language.rowInputs,
            search: languageSearch[number - 1])
    }
}

extension EditPlan {
    /// Whether every language other than the default makes only what the edits reach (none is made whole):
    /// then each makes a few files, and they are made at once (`startAtOnce`).
    var editsEveryLanguage: Bool { languageReach.allSatisfy { $0 != nil } }

    /// Starts making languages 1 to `count`'s files at once (`LanguagesAtOnce`), each on a thread of its own:
    /// a generator waits for its search index, made on libdispatch's pool, which languages made on the pool
    /// itself would hold.
    func startAtOnce(_ count: Int, _ generator: @escaping @Sendable (Int) -> SiteGenerator) -> LanguagesAtOnce {
        LanguagesAtOnce(
            languages: (0..<count).map { index in
                BackgroundValue.onOwnThread { () -> (SiteGenerator.Made, [[OutputFile]]) in
                    var batches: [[OutputFile]] = []
                    var made = generator(index + 1).generate { (batch: OutputBatch) in batches.append(batch.files) }
                    made.index = nil
                    return (made, batches)
                }
            })
    }
}

/// The other languages of an edit, made at once (`EditPlan.startAtOnce`), each language's files kept until
/// its turn.
struct LanguagesAtOnce {
    let languages: [BackgroundValue<(SiteGenerator.Made, [[OutputFile]])>]

    /// Hands each language's files to `emit` once it is made, in the order a build one language after
    /// another hands them: the writer, its manifest and its journal see what they would. What each
    /// language made (without its search index, `SiteGenerator.Made.index`, which only the default's is
    /// kept for) goes to `keep` with the language's number before its files are written, so that what is
    /// kept of it (its snapshot block) is made while they are.
    func emit(
        _ emit: (OutputBatch) throws(StageFailure) -> Void, keep: (Int, SiteGenerator.Made) -> Void
    ) throws(StageFailure) {
        for (number, language) in zip(1..., languages) {
            let (languageMade, batches) = language.take()
            keep(number, languageMade)
            for files in batches { try emit(.made(files)) }
        }
    }
}
