import Foundation
import Testing

@testable import WorldFactsLoad
@testable import WorldFactsPipeline
@testable import WorldFactsSupport
@testable import WorldFactsTestSupport

/// `worldfacts init`: a starter site.yml from a data file builds as it is, with a field per column in the
/// format its values suggest, the key and title guessed and marked, and never over an existing site.yml.
@Suite struct SiteStarterTests {
    func folder(_ name: String, _ text: String) -> (root: String, data: String) {
        let root = makeTemporaryFolder("starter")
        let data = root + "/Content/" + name
        try! FileManager.default.createDirectory(atPath: root + "/Content", withIntermediateDirectories: true)
        try! text.write(toFile: data, atomically: true, encoding: .utf8)
        return (root, data)
    }

    func build(_ root: String) throws -> BuildReport {
        try Builder().build(
            BuildOptions(content: root + "/Content", templates: repoPath("Templates"), output: root + "/Output"))
    }

    @Test func aCSVGivesASiteThatBuilds() throws {
        let csv = #"""
            species,common_name,wingspan_cm,weight_kg,status,ring
            1,Barn owl,90,0.3,common,A1
            2,Snowy owl,150,2.1,vulnerable,
            3,"Eagle ""owl""",180,3.5,common,B2
            """#
        let (root, data) = folder("owls.csv", csv)
        defer { removeTemporary(root) }
        let written = try SiteStarter.write(data: data, query: nil)
        #expect(written.siteFile == root + "/Content/site.yml" && written.records == 3 && written.columns == 6)
        let yaml = try readText(written.siteFile)
        #expect(yaml.contains("title: Owls"))
        #expect(yaml.contains("  file: owls.csv\n"))
        #expect(yaml.contains("  key: species   # CHECK"), "the first column of distinct values named as keys are")
        #expect(yaml.contains("  title: common_name   # CHECK"), "the text column named like a name")
        #expect(yaml.contains("{ id: wingspan_cm, label: Wingspan cm, format: integer }"))
        #expect(yaml.contains("{ id: weight_kg, label: Weight kg, format: decimal, digits: 1 }"))
        #expect(yaml.contains("{ id: status, label: Status, format: text }"))
        #expect(yaml.contains("{ id: ring, label: Ring, format: text }   # 1 record without one"))
        #expect(yaml.contains("fields: [common_name]"))
        let report = try build(root)
        #expect(report.records == 3)
        let page = try readText(root + "/Output/records/2.html")
        #expect(page.contains("Snowy owl") && page.contains("2.1"))
        #expect(try readText(root + "/Output/records/3.html").contains("Eagle &quot;owl&quot;"))
    }

    /// A decimal field shows as many fraction digits as its values have: 1.008 stays 1.008. Past six, the
    /// field is cut to six with a comment that says so.
    @Test func decimalsKeepTheDigitsTheDataHas() throws {
        let csv = """
            symbol,name,weight,tiny
            H,Hydrogen,1.008,2.5e-3
            He,Helium,4.0026,0.12345678
            Li,Lithium,6.94,1
            """
        let (root, data) = folder("elements.csv", csv)
        defer { removeTemporary(root) }
        let yaml = try readText(try SiteStarter.write(data: data, query: nil).siteFile)
        #expect(yaml.contains("{ id: weight, label: Weight, format: decimal, digits: 4 }\n"), "\(yaml)")
        #expect(
            yaml.contains(
                "{ id: tiny, label: Tiny, format: decimal, digits: 6 }   # values have up to 8 fraction digits;"
                    + " shown to 6"))
        _ = try build(root)
        let hydrogen = try readText(root + "/Output/records/h.html")
        #expect(hydrogen.contains("1.008") && !hydrogen.contains("1.01<"))
        #expect(try readText(root + "/Output/records/he.html").contains("4.0026"))
        #expect(StarterSite.Column.fractionDigits(of: "2.5e-3") == 4)
        #expect(StarterSite.Column.fractionDigits(of: "1e3") == 0 && StarterSite.Column.fractionDigits(of: "12") == 0)
    }

    @Test func jsonKeepsItsTypesAndLeavesOutWhatNoFormatHolds() throws {
        let json = """
            [{"code": "x", "title": "Ex", "alive": true, "tags": ["a", "b"], "n": 1},
             {"code": "y", "title": "Why", "alive": false, "tags": [], "n": 2.5, "zip": "0012"}]
            """
        let (root, data) = folder("things.json", json)
        defer { removeTemporary(root) }
        let written = try SiteStarter.write(data: data, query: nil)
        let yaml = try readText(written.siteFile)
        #expect(yaml.contains("  key: code   # CHECK") && yaml.contains("  title: title   # CHECK"))
        #expect(yaml.contains("  # - alive: left out"), "true/false has no format")
        #expect(yaml.contains("{ id: tags, label: Tags, format: list }"))
        #expect(
            yaml.contains("{ id: n, label: N, format: decimal, digits: 1 }"), "integers and decimals make a decimal")
        #expect(yaml.contains("{ id: zip, label: Zip, format: text }"), "a JSON string stays a text")
        #expect(try build(root).records == 2)
    }

    @Test func anExistingSiteFileIsNeverReplaced() throws {
        let (root, data) = folder("a.csv", "id,name\n1,One\n")
        defer { removeTemporary(root) }
        try "title: Mine\n".write(toFile: root + "/Content/site.yml", atomically: true, encoding: .utf8)
        #expect(throws: StageFailure.self) { try SiteStarter.write(data: data, query: nil) }
        #expect(try readText(root + "/Content/site.yml") == "title: Mine\n")
    }

    @Test func fileProblemsAreErrorsThatSaySo() throws {
        func message(_ name: String, _ text: String, query: String? = nil) -> String {
            let (root, data) = folder(name, text)
            defer { removeTemporary(root) }
            do {
                _ = try SiteStarter.write(data: data, query: query)
                return "written"
            } catch {
                return error.diagnostics.map(\.message).joined(separator: "; ")
            }
        }
        #expect(message("a.csv", "id,name\n1,Same\n1,Same\n").contains("no column can be the key"))
        #expect(message("a.csv", "id,name\n").contains("the file holds none"))
        #expect(message("a.txt", "id,name\n1,x\n").contains("cannot tell how to read this file"))
        #expect(message("a.csv", "id,name\n1,x\n", query: "select 1").contains("--query is for a SQLite database"))
        #expect(message("a.csv", "id,name\n1,\"x\n").contains("written") == false)
    }

    @Test func namesBecomeLabelsAndTextsThatAreNotPlainAreQuoted() {
        #expect(StarterSite.label("population_total") == "Population total")
        #expect(StarterSite.label("area-km2") == "Area km2")
        #expect(StarterSite.scalar("name") == "name")
        #expect(StarterSite.scalar("yes") == "\"yes\"")
        #expect(StarterSite.scalar("a: b") == "\"a: b\"")
        #expect(StarterSite.scalar("12") == "\"12\"")
        #expect(StarterSite.scalar("say \"hi\"") == "\"say \\\"hi\\\"\"")
    }
}
