import Testing

@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// ICU's collation and alphabetic index, through `Collation`: orders and sections as ICU documents them for
/// each locale. (Tests/site/test_collation.py checks built sites against PyICU, an independent binding.)
@Suite struct CollationTests {
    func sorted(_ titles: [String], _ locale: String = "en") -> [String] {
        let collation = Collation.of(locale)
        return titles.sorted { ByteOrder.compare(collation.sortKey($0), collation.sortKey($1)) < 0 }
    }

    func labels(_ titles: [String], _ locale: String) -> [String] {
        let collation = Collation.of(locale)
        return titles.map { collation.buckets[collation.bucket(of: $0)].label }
    }

    @Test func englishFoldsAccentsAtThePrimaryLevel() {
        #expect(
            sorted(["Azerbaijan", "Åland Islands", "Albania", "Afghanistan"]) == [
                "Afghanistan", "Åland Islands", "Albania", "Azerbaijan",
            ])
        #expect(
            sorted(["Cuba", "Côte d'Ivoire", "Costa Rica", "Croatia"]) == [
                "Costa Rica", "Côte d'Ivoire", "Croatia", "Cuba",
            ])
        // Code point order puts "Å" after "Z"; English collation does not.
        #expect(["Åland", "Zambia"].sorted() == ["Zambia", "Åland"])
        #expect(sorted(["Zambia", "Åland"]) == ["Åland", "Zambia"])
    }

    @Test func unaccentedBeforeAccentedThenLowercaseBeforeUppercase() {
        #expect(sorted(["résumé", "resume", "Resume"]) == ["resume", "Resume", "résumé"])
    }

    @Test func spacesAndPunctuationBeforeLetters() {
        #expect(sorted(["Saint-Martin", "Saint Lucia", "Saintly"]) == ["Saint Lucia", "Saint-Martin", "Saintly"])
    }

    /// The order the hand-written approximation got wrong: a modifier letter or apostrophe inside a word
    /// is ignorable at the primary level, so "Qā’em Shahr" comes before "Qazvin".
    @Test func apostrophesInsideWordsAsICUOrdersThem() {
        #expect(sorted(["Qazvin", "Qā’em Shahr"]) == ["Qā’em Shahr", "Qazvin"])
        #expect(sorted(["Qingzhou", "Qing’an"]) == ["Qing’an", "Qingzhou"])
    }

    @Test func swedishLettersAfterZ() {
        #expect(
            sorted(["Ödeshög", "Zinkgruvan", "Åmål", "Ärla", "Alingsås"], "sv") == [
                "Alingsås", "Zinkgruvan", "Åmål", "Ärla", "Ödeshög",
            ])
        #expect(labels(["Åmål", "Ärla", "Ödeshög", "Alingsås"], "sv") == ["Å", "Ä", "Ö", "A"])
        // German puts them among A and O.
        #expect(labels(["Ärla", "Ödeshög"], "de") == ["A", "O"])
    }

    @Test func spanishEnyeAfterN() {
        #expect(sorted(["Ñuñoa", "Nuevo", "Oviedo"], "es") == ["Nuevo", "Ñuñoa", "Oviedo"])
        #expect(labels(["Ñuñoa", "Nuevo"], "es") == ["Ñ", "N"])
    }

    @Test func turkishDottedAndDotlessI() {
        #expect(labels(["İzmir", "Iğdır", "Çorum"], "tr") == ["İ", "I", "Ç"])
        #expect(sorted(["İzmir", "Iğdır", "Hatay"], "tr") == ["Hatay", "Iğdır", "İzmir"])
    }

    @Test func scriptsOfTheirOwn() {
        #expect(labels(["Москва", "Йошкар-Ола", "Ёлки"], "ru") == ["М", "Й", "Е"])
        #expect(labels(["Αθήνα", "Ωρωπός"], "el") == ["Α", "Ω"])
        #expect(labels(["とうきょう", "かなざわ", "さっぽろ", "トウキョウ"], "ja") == ["た", "か", "さ", "た"])
        #expect(labels(["القاهرة", "بغداد"], "ar") == ["ا", "ب"])
    }

    /// Titles before the locale's letters (digits, punctuation) and of scripts after them go to ICU's
    /// underflow and overflow buckets, labelled "…", named by number.
    @Test func bucketsOutsideTheLettersAreNamedByNumber() {
        let english = Collation.of("en")
        let digits = english.buckets[english.bucket(of: "1984")]
        #expect(digits.kind == .underflow && digits.label == "…" && digits.name == "0")
        let greek = english.buckets[english.bucket(of: "Ελλάδα")]
        #expect(greek.kind == .overflow && greek.name == String(english.buckets.count - 1))
        #expect(english.buckets[english.bucket(of: "Åland")].name == "A")
        let swedish = Collation.of("sv")
        let ring = swedish.buckets[swedish.bucket(of: "Åmål")]
        #expect(ring.label == "Å" && ring.name == String(swedish.buckets.firstIndex(of: ring)!))
    }

    @Test func primaryKeysIgnoreAccentsAndCase() {
        let english = Collation.of("en")
        #expect(english.primaryKey("Ça") == english.primaryKey("ca"))
        #expect(english.sortKey("Ça") != english.sortKey("ca"))
        #expect(Collation.of("sv").primaryKey("Å") != Collation.of("sv").primaryKey("A"))
    }

    /// A key longer than the first guess of its length is asked for again at its length.
    @Test func longTextsGetWholeKeys() {
        let long = String(repeating: "ǆﬁ日Ω", count: 5_000)
        let key = Collation.of("en").sortKey(long)
        #expect(key.last == 0 && key.count > long.utf16.count * 3 + 16)
        #expect(Collation.of("en").sortKey(long + "a") != key)
    }

    @Test func knownLocales() {
        #expect(KnownLocales.canonical("de-CH") == "de_CH")
        #expect(KnownLocales.canonical("sv") == "sv")
        #expect(KnownLocales.canonical("ja_JP") == "ja_JP")
        #expect(KnownLocales.canonical("xx") == nil)
        #expect(KnownLocales.canonical("en-QQ") == nil)
        #expect(KnownLocales.canonical("") == nil)
        #expect(KnownLocales.all.contains("pt-BR"))
    }
}
