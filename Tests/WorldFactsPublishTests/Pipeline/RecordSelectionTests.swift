import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsModel
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `only:` publishes the records of a collection whose number in a field lies within bounds: the others
/// are as if the file did not hold them, a link to one is no mistake, and an edit builds as a clean build
/// does, from the live model and from the build's snapshot alike.
@Suite struct RecordSelectionTests {
    static func yaml(_ only: String) -> String {
        CollectionsTests.siteYAML.replacingOccurrences(
            of: "    file: cities.csv\n", with: "    file: cities.csv\n    only: \(only)\n")
    }

    @Test func onlyTheRecordsWithinTheBoundsArePublished() throws {
        let collections = CollectionsTests()
        // Cities: 1 (10), 2 (30), 3 (20), 4 (5), 5 (1, of a country that does not exist), A (2).
        let site = try collections.modelled(siteYAML: Self.yaml("{ field: population, min: 20 }"))
        let cities = site.collections[1]
        #expect(Set(cities.records.map(\.key)) == ["2", "3"])
        // Aland's capital, city 1, is left out: its name shows without a link, and no warning says so.
        #expect(!site.warnings.contains { "\($0)".contains("'1'") }, "\(site.warnings)")
        // City 5's country does not exist, but city 5 is left out: nothing to warn about either.
        #expect(!site.warnings.contains { "\($0)".contains("ZZ") })
        let aland = try #require(site.collections[0].position(ofKey: "A"))
        #expect(site.lists[0][0].items[aland].count == 2)
        let bounded = try collections.model(
            collections.project(siteYAML: Self.yaml("{ field: population, min: 2, max: 10 }")))
        #expect(Set(bounded.collections[1].records.map(\.key)) == ["1", "4", "A"])
    }

    @Test(arguments: [
        ("{ field: populaton, min: 1 }", "names no declared field of 'cities': 'populaton'"),
        ("{ field: country, min: 1 }", "expected an integer or decimal field; 'country' is 'link'"),
        ("{ field: population }", "expected 'min', 'max' or both"),
        ("{ field: population, min: 9, max: 1 }", "'min' (9.0) is above 'max' (1.0)"),
        ("{ min: 1 }", "only.field': missing; expected a text value"),
    ])
    func badBoundsAreErrorsAtTheirLine(only: String, problem: String) throws {
        try CollectionsTests().expectLoadError(siteYAML: Self.yaml(only), atLineWith: "only:", problem)
    }

    /// Edits of a record left out (which reach no page), of a kept one, and one that moves a record across
    /// the bound: each build is what a clean build makes.
    @Test(arguments: [false, true]) func editsBuildAsACleanBuildDoes(snapshots: Bool) throws {
        let collections = CollectionsTests()
        // A field of the cities that no link, group, search or bound reads: its edits are value edits.
        let yaml = Self.yaml("{ field: population, min: 10 }").replacingOccurrences(
            of: "      - { id: population, label: Population, format: integer }\n",
            with:
                "      - { id: population, label: Population, format: integer }\n      - { id: motto, label: Motto }\n")
        let cities = "id,name,country,population,motto\n1,One,A,10,m\n2,Two,A,30,m\n3,Three,A,20,m\n4,Four,B,5,m\n"
        let root = collections.project(siteYAML: yaml, cities: cities)
        defer { removeTemporary(root) }
        let edited = try LiveBuildTests().editsBuildAsACleanBuildDoes(
            root: root, file: "cities.csv",
            edits: [
                ("4,Four,B,5,m", "4,Four,B,5,n"), ("2,Two,A,30,m", "2,Two,A,30,n"), ("4,Four,B,5,n", "4,Four,B,50,n"),
            ], snapshots: snapshots)
        // The motto edits are value edits; the move across the bound models the site again.
        #expect(edited == 2)
        #expect(try readText(root + "/Output/cities/4.html").contains("<td>n</td>"))
    }
}
