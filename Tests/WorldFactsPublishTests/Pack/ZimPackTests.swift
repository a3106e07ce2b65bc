import Foundation
import Testing

@testable import WorldFactsModel
@testable import WorldFactsPack
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// What `pack --zim` writes besides the files' bytes, and what it refuses: the metadata Kiwix shows, each
/// missing or invalid key named; the illustration checked to be a 48×48 PNG; each file's type, title and
/// redirect target. The ZIM itself is checked with openZIM's zimcheck and Kiwix (Tests/site/test_zim.py).
@Suite struct ZimPackTests {
    /// A PNG header of `width`×`height` (what `PNGSize` reads), then nothing else.
    static func png(_ width: Int, _ height: Int) -> [UInt8] {
        func four(_ n: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((n >> $0) & 0xFF) } }
        return PNGSize.signature + four(13) + Array("IHDR".utf8) + four(width) + four(height) + [8, 6, 0, 0, 0]
    }

    static func source(
        _ spec: ZimSpec?, title: String = "Elements", description: String? = "The elements.", locale: String = "sv"
    )
        -> ZimSource
    {
        ZimSource(
            spec: spec, title: title, description: description, locale: locale, folder: "", siteFile: "C/site.yml",
            content: "C")
    }

    static var complete: ZimSpec {
        var spec = ZimSpec()
        spec.name = "elements_sv_all"
        spec.creator = "IUPAC"
        spec.publisher = "Us"
        spec.tags = ["chemistry", "elements"]
        spec.illustration = "icon.png"
        return spec
    }

    @Test func theMetadataIsSiteYmlsWithTheLanguagesCodeAndTheDay() throws {
        let metadata = try ZimMetadata.of(
            Self.source(Self.complete), language: nil, day: "2026-12-03", illustration: Self.png(48, 48))
        #expect(
            metadata.texts.map { "\($0.name)=\($0.value)" } == [
                "Name=elements_sv_all", "Title=Elements", "Description=The elements.", "Language=swe", "Creator=IUPAC",
                "Publisher=Us", "Date=2026-12-03", "Tags=chemistry;elements",
            ])
        #expect(metadata.illustration == Self.png(48, 48))
    }

    @Test func eachMissingKeyIsNamedAtOnce() {
        #expect {
            try ZimMetadata.of(Self.source(nil, description: nil), language: nil, day: "d", illustration: nil)
        } throws: { error in
            let fields = (error as? StageFailure)?.diagnostics.compactMap(\.field) ?? []
            return fields == ["zim.name", "zim.creator", "zim.publisher", "zim.description", "zim.illustration"]
        }
    }

    @Test(arguments: [
        ([UInt8]("GIF89a not a png at all".utf8), "expected a PNG, and 'icon.png' is not one"),
        (png(64, 64), "expected a PNG of 48×48 pixels, and 'icon.png' is 64×64"),
        (png(48, 47), "expected a PNG of 48×48 pixels, and 'icon.png' is 48×47"),
    ])
    func anIllustrationThatIsNotA48PixelPNGIsRefused(bytes: [UInt8], message: String) {
        #expect {
            try ZimMetadata.of(Self.source(Self.complete), language: nil, day: "d", illustration: bytes)
        } throws: { error in
            (error as? StageFailure)?.diagnostics.map(\.message) == [message]
        }
    }

    @Test func aTitleOrDescriptionTooLongForAZimIsAnErrorAndZimDescriptionStandsInForALongOne() throws {
        let long = String(repeating: "word ", count: 20)
        #expect(throws: StageFailure.self) {
            try ZimMetadata.of(
                Self.source(Self.complete, title: String(repeating: "T", count: 31)), language: nil, day: "d",
                illustration: Self.png(48, 48))
        }
        #expect(throws: StageFailure.self) {
            try ZimMetadata.of(
                Self.source(Self.complete, description: long), language: nil, day: "d", illustration: Self.png(48, 48))
        }
        var spec = Self.complete
        spec.description = "Short."
        let metadata = try ZimMetadata.of(
            Self.source(spec, description: long), language: nil, day: "d", illustration: Self.png(48, 48))
        #expect(metadata.texts.first { $0.name == "Description" }?.value == "Short.")
    }

    @Test func aLocaleWithoutAnISO6393CodeIsAnError() {
        #expect {
            try ZimMetadata.of(
                Self.source(Self.complete, locale: "zz"), language: "zz", day: "d", illustration: Self.png(48, 48))
        } throws: { error in
            (error as? StageFailure)?.diagnostics.first?.message.contains("ISO 639-3") == true
        }
        #expect(KnownLocales.iso6393("en_GB") == "eng")
        #expect(KnownLocales.iso6393("ja") == "jpn")
    }

    @Test func eachFileHasItsTypeTitleAndARedirectItsTarget() {
        let page = Array("<html><head><title>Iceland — World &amp; Facts</title></head></html>".utf8)
        #expect(
            ZimEntry.of(path: "countries/is.html", bytes: page)
                == ZimEntry(mime: "text/html", title: "Iceland", isFront: true))
        #expect(ZimEntry.of(path: "404.html", bytes: page).isFront == false)
        #expect(
            ZimEntry.of(path: "assets/style.1.css", bytes: [])
                == ZimEntry(mime: "text/css", title: "assets/style.1.css", isFront: false))
        let redirect = Array(
            #"<title>Eire — World Facts</title><meta http-equiv="refresh" content="0; url=../ie.html">"#.utf8)
        #expect(ZimEntry.of(path: "countries/aliases/eire.html", bytes: redirect).redirect == "countries/ie.html")
    }
}
