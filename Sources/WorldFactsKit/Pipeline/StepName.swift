/// The one vocabulary of a build's steps: what `--stats` prints beside each step's time, what a failure
/// names ("build failed in step 'load content'") and what the progress bars are labelled.
public enum StepName: String, Sendable, CaseIterable {
    case checkOutput = "check output"
    case checkSources = "check sources"
    case compareLastBuild = "compare last build"
    /// The snapshot the last build left in the cache folder (`BuildSnapshot`), read and then saved again.
    case readSnapshot = "read snapshot"
    case saveSnapshot = "save snapshot"
    case loadContent = "load content"
    case loadTemplates = "load templates"
    case compileTemplates = "compile templates"
    case model
    case renderAndWrite = "render and write"
    /// The three parts of `renderAndWrite` that progress shows apiece. They overlap (the search index is
    /// made while pages render, and writing starts with the first batch), so `--stats` times them as one.
    case render
    case searchIndex = "search index"
    case write
}
