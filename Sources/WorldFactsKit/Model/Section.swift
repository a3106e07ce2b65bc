import Dispatch
import Foundation
import WorldFactsSupport

/// A section of the index: its letter, its anchor and the positions of its records in `Site.records`.
public struct Section: Sendable, Hashable {
    public var letter: String
    public var anchor: String
    public var range: Range<Int>

    public init(letter: String, anchor: String, range: Range<Int>) {
        self.letter = letter
        self.anchor = anchor
        self.range = range
    }
}
