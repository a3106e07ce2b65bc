/// The version of what the generator makes from the same sources. Every page fingerprint, shard digest
/// and sources digest starts from it, so bumping it makes the next build render everything again and
/// never take an old build as up to date. Bump it when what is rendered changes.
public enum GeneratorVersion {
    public static let current = "worldfacts-render-12"
}
