import Testing

@testable import WorldFactsModel
@testable import WorldFactsSearch
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

@Suite struct SearchBucketTests {
    /// Each suffix of a bucket as what it reads: the record it is in, its text and whether it is a whole text.
    func readings(_ bucket: SearchKeys.Bucket) -> [(Int, String, Bool)] {
        bucket.suffixes.map { suffix in
            (
                bucket.positions[Int(suffix.record)],
                String(String.UnicodeScalarView(bucket.text(of: suffix))), suffix.isWhole
            )
        }
    }

    /// A bucket made again from its records (an update's, `bucket(_:positions:)`) is the bucket that
    /// grouping every key gives (`buckets()`): the same records and the same suffixes in the same order,
    /// whatever else those records' texts hold. Texts of several words, ASCII or not, starting with a
    /// word or not, several texts a record, and records with no text.
    @Test func aBucketMadeAgainIsTheBucketOfEveryKey() {
        let texts: [[String]] = [
            ["america/new_york", "new york"], ["cote d'ivoire", "ivory coast"], ["são tomé", "sao tome"],
            ["zürich", "zurich"], ["(x) y", "x-ray"], [], ["北京 beijing", "beijing"], ["a", "aa a"],
            ["europe/berlin", "berlin"], ["d'ivoire"], ["ö", "o ö"], ["america/argentina/buenos_aires"],
        ]
        var state: UInt64 = 7
        let words = ["a", "an", "b", "ab", "é", "éa", "x", "z", "y-a", "a/b", "_a", "ä", "аб"]
        var random: [[String]] = []
        for _ in 0..<300 {
            var record: [String] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 62) {
                var text: [String] = []
                for _ in 0..<1 + Int((state >> 40) & 3) {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    text.append(words[Int(state >> 33) % words.count])
                }
                let joined = text.joined(separator: state & 1 == 0 ? " " : "")
                if !record.contains(joined) { record.append(joined) }
            }
            random.append(record)
        }
        for sample in [texts, random, countriesKeys()] {
            let keys = SearchKeys(texts: sample)
            let buckets = keys.buckets()
            // Every bucket holds the suffixes the texts give, read from the strings as they are: each
            // text whole, then from each later word start, record after record. Many texts repeat (the
            // random ones are made of a few words), and a repeated text is decoded once (`DistinctTexts`).
            var expected: [UInt32: [(Int, String, Bool)]] = [:]
            for (position, record) in sample.enumerated() {
                for text in record {
                    let suffixes = [(Substring(text), true)] + Folding.laterWordStarts(text).map { ($0, false) }
                    for (suffix, isWhole) in suffixes {
                        expected[suffix.unicodeScalars.first!.value, default: []].append(
                            (position, String(suffix), isWhole))
                    }
                }
            }
            #expect(Set(buckets.map(\.first.value)) == Set(expected.keys))
            for bucket in buckets {
                let want = expected[bucket.first.value] ?? []
                #expect(readings(bucket).elementsEqual(want) { $0 == $1 }, "\(bucket.prefixText)")
            }
            #expect(buckets.count > 5)
            for bucket in buckets {
                let again = keys.bucket(bucket.first, positions: bucket.positions)
                #expect(again.positions == bucket.positions, "\(bucket.prefixText)")
                #expect(readings(again).elementsEqual(readings(bucket)) { $0 == $1 }, "\(bucket.prefixText)")
            }
        }
    }

    /// Records that share a text share its scalars: a bucket keeps each distinct text once, and the
    /// suffixes of every record that has it are places in those.
    @Test func aSharedTextIsKeptOnce() {
        let keys = SearchKeys(texts: [
            ["america/new_york"], ["america/new_york", "new york"], ["europe/berlin"], ["america/new_york"],
        ])
        let bucket = keys.bucket("a", positions: [0, 1, 3])
        #expect(bucket.scalars.count == "america/new_york".count + "new york".count)
        #expect(bucket.positions == [0, 1, 3])
        #expect(Set(bucket.suffixes.map(\.start)) == [0])
        #expect(keys.buckets().allSatisfy { $0.scalars.count == "america/new_yorknew yorkeurope/berlin".count })
    }

    /// The shipped site's folded names and aliases.
    func countriesKeys() -> [[String]] {
        let keys = SearchKeys(site: countriesSite, scope: countriesSite.config.search.scopes[0])
        return keys.texts.indices.map { keys.texts[$0] }
    }
}
