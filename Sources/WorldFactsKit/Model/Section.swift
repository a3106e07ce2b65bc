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

    /// The sections of `count` items in order: one per run of items with the same letter.
    public static func runs(count: Int, letter: (Int) -> String) -> [Section] {
        var sections: [Section] = []
        for item in 0..<count {
            let letter = letter(item)
            if sections.last?.letter != letter {
                sections.append(Section(letter: letter, anchor: SectionLetter.anchor(for: letter), range: item..<item))
            }
            sections[sections.count - 1].range = sections[sections.count - 1].range.lowerBound..<(item + 1)
        }
        return sections
    }
}
