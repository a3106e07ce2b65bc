import WorldFactsSupport
import Yams

/// Every key site.yml may hold: where it stands, the kind of value it takes, its default and what it
/// means. It is the one list of keys. `SiteConfigLoader` refuses any other key, suggesting the nearest
/// known one (`unknownKeys(in:file:)`); a test checks that the loader reads exactly these keys, and
/// another that the table of keys in docs/site-yml.md is this list.
enum SiteSchema {
    /// The kind of value a key takes.
    enum Kind: String {
        case text = "text"
        case wholeNumber = "whole number"
        case number = "number"
        case flag = "true or false"
        case texts = "list of texts"
        case mapping = "mapping"
        /// `true` for the defaults, or a mapping of its keys.
        case flagOrMapping = "true, or a mapping"
        case listOfMappings = "list of mappings"
        /// Names of one's own choosing, each naming a field: not checked against a list of keys.
        case namedFields = "mapping of names to fields"
        /// Language ids, each naming a field or a file: checked against `languages`.
        case byLanguage = "mapping of language ids"
        /// Codes of one's own choosing, each given a name.
        case namedTexts = "mapping of codes to names"
    }

    struct Key {
        /// Dotted, with `[]` for the items of a list: `search.scopes[].id`.
        let path: String
        let kind: Kind
        /// As docs/site-yml.md shows it; empty where the key is required or has no default.
        let defaultValue: String
        let meaning: String

        init(_ path: String, _ kind: Kind, _ defaultValue: String = "", _ meaning: String) {
            self.path = path
            self.kind = kind
            self.defaultValue = defaultValue
            self.meaning = meaning
        }
    }

    static let keys: [Key] =
        [
            Key("title", .text, "required", "The site's title."),
            Key(
                "locale", .text, "en",
                "Locale of the indexes' order and sections (ICU's collation and alphabetic index: `sv` puts Å, Ä, Ö"
                    + " after Z), of number formats (`en`: 1,234,567.5), of dates and of names from codes, and of the"
                    + " pages' `lang`. One that ICU has data for, or an error."),
            Key("collation", .mapping, "", "How titles compare, beyond the locale's collation."),
            Key(
                "collation.numeric", .flag, "false",
                "Digits compare as numbers (ICU's numeric collation): \"C-8\" before \"C-10\", \"Period 2\" before"
                    + " \"Period 10\", in every index, list and group."),
            Key(
                "url", .text, "",
                "The address the site is published at (http or https, a path prefix allowed):"
                    + " canonical links, link previews, JSON-LD, sitemap.xml and robots.txt. `--base-url` overrides it."
            ),
            Key("description", .text, "", "The home page's description in link previews (with `url`)."),
            Key(
                "max_files", .wholeNumber, "",
                "The most files the output may hold; a build that would leave more fails before writing,"
                    + " naming the largest contributors, and `only:` when one collection's record pages alone"
                    + " are more. `--max-files` overrides it."),
            Key(
                "changes", .mapping, "",
                "A feed of what each build changed in the data: `changes.html`, linked from every page, in every"
                    + " language; `changes.xml` (Atom) with `url`; and `changes.json`, the history the next build reads"
                    + " back (docs/site-yml.md, \"The feed of changes\")."),
            Key("changes.limit", .wholeNumber, "50", "The entries the feed keeps, the newest first."),
            Key(
                "changes.per_entry", .wholeNumber, "100",
                "The records an entry names, added, removed or changed; it counts the rest (\"and 12 more\")."),
            Key(
                "offline", .flagOrMapping, "",
                "An installable site: `manifest.webmanifest` and a service worker (`sw.js`) that keeps a bounded"
                    + " shell at install and every page and search shard as it is visited; over http(s) only"
                    + " (docs/site-yml.md, \"An installable site\")."),
            Key(
                "offline.shell_kb", .wholeNumber, "2048",
                "The most the shell fetched at install weighs, in KB (1,024 bytes): the assets, then each"
                    + " language's home, search entry and collection indexes, while they fit."),
            Key(
                "offline.save_kb", .wholeNumber, "51200",
                "The most the whole site may weigh, in KB, for its pages to offer \"Save for offline\"; 0: never."),
            Key(
                "offline.icon", .text, "",
                "A square PNG in the content folder, at least 144 pixels wide: the app's icon, which browsers"
                    + " ask for before they offer to install it."),
            Key(
                "zim", .mapping, "",
                "What `worldfacts pack --zim` writes into a ZIM file for Kiwix, besides the site's title, description"
                    + " and locale (docs/command-line.md, \"pack\"). `pack --zim` names each key it needs and lacks."),
            Key("zim.name", .text, "", "The ZIM's `Name`, the same in each release: `worldfacts_en_all`."),
            Key("zim.creator", .text, "", "Who made the content (`Creator`): `GeoNames`."),
            Key("zim.publisher", .text, "", "Who made the ZIM (`Publisher`)."),
            Key("zim.tags", .texts, "", "The ZIM's `Tags`: `[geography, facts]`."),
            Key("zim.illustration", .text, "", "A 48×48 PNG in the content folder: the ZIM's picture in Kiwix."),
            Key(
                "zim.description", .text, "the site's",
                "The ZIM's `Description`, at most 80 characters, where the language's `description` is longer."),
            Key(
                "hide_empty", .flag, "false",
                "Every field leaves its row out of the facts table where a record has no value (`strings.none`"
                    + " otherwise); a field's own `hide_empty` wins."),
            Key(
                "languages", .listOfMappings, "",
                "The languages the site is published in, the default first (its `locale` replaces `locale`): its"
                    + " pages stay at the root, each other's go to `<id>/`, with the texts of `languages/<id>.yml`."),
            Key("languages[].id", .text, "required", "The language's folder and name (`sv`): letters, digits, `-`."),
            Key("languages[].locale", .text, "the id", "Its ICU locale, as `locale`."),
            Key("languages[].label", .text, "the language's own name", "Its name in the language switcher."),
            Key("records", .mapping, "", "One collection, the short form: its records and their pages."),
        ] + sourceKeys("records.", pages: "records", notes: "notes") + publishingKeys("records.")
        + mapKeys("records.", dots: false)
        + [Key("fields", .listOfMappings, "", "The short form's fields, in the order the facts table shows them.")]
        + fieldKeys("fields[].")
        + [Key("index", .mapping, "", "The short form's index row: the title, a subtitle, and a labelled detail.")]
        + indexKeys("index.")
        + [
            Key(
                "collections", .listOfMappings, "",
                "Several collections (instead of `records`, `fields` and `index`), each with these keys."),
            Key(
                "collections[].id", .text, "required",
                "The collection's name in links, lists and scopes: letters, digits, `-`, `_`."),
            Key("collections[].label", .text, "the id", "Its name on the home page and in search results."),
        ] + sourceKeys("collections[].", pages: "the id", notes: "notes/<id>") + publishingKeys("collections[].")
        + mapKeys("collections[].", dots: true)
        + [Key("collections[].fields", .listOfMappings, "required", "Its fields, as `fields`.")]
        + fieldKeys("collections[].fields[].")
        + [Key("collections[].index", .mapping, "", "Its index row, as `index`.")]
        + indexKeys("collections[].index.")
        + [
            Key(
                "collections[].lists", .listOfMappings, "",
                "Records of another collection that link here, listed on each record's page."),
            Key(
                "collections[].lists[].id", .text, "required",
                "The list's name; the complete lists go to `<pages>/<id>/<slug>.html`."),
            Key(
                "collections[].lists[].label", .text, "the id",
                "The list's heading; `{count}` in it is how many records the list holds (`Cities ({count})`)."),
            Key("collections[].lists[].from", .text, "required", "The collection whose records are listed."),
            Key("collections[].lists[].via", .text, "required", "The link field of `from` that names this collection."),
            Key(
                "collections[].lists[].sort", .text, "",
                "The field of `from` the list is sorted by (default: by title)."),
            Key("collections[].lists[].order", .text, "ascending", "`ascending` or `descending`."),
            Key(
                "collections[].lists[].limit", .wholeNumber, "10",
                "How many a record page shows; more get a complete list."),
            Key(
                "collections[].charts", .listOfMappings, "",
                "Bar charts on each record page, drawn when it is built: a list's records by a number field,"
                    + " the largest first, followed by their table."),
            Key("collections[].charts[].list", .text, "required", "A list of the collection (`lists`)."),
            Key(
                "collections[].charts[].value", .text, "required",
                "The integer or decimal field of the list's records that the bars show."),
            Key("collections[].charts[].limit", .wholeNumber, "10", "The most bars (at most 50), the largest first."),
            Key(
                "collections[].groups", .listOfMappings, "",
                "Fields whose values group the records: a page per value and an overview."),
            Key(
                "collections[].groups[].field", .text, "required",
                "A text field; an integer or decimal field (its values in numeric order); a list field (a record"
                    + " is on the page of each item); or `<link>.<field>`, a text field of the record a link names"
                    + " (`country.continent`)."),
            Key(
                "collections[].groups[].pages", .text, "the field",
                "The output folder of the group pages (`continent` for `country.continent`)."),
            Key("collections[].groups[].label", .text, "the field's label", "The overview page's title."),
            Key(
                "collections[].groups[].title", .text, "the value",
                "A value page's title and the links to it, `{value}` where the value goes (`Block {value}`);"
                    + " a language's own is its `group_titles`."),
            Key(
                "collections[].groups[].structured_data", .mapping, "",
                "The group pages' JSON-LD (with `url`)."),
            Key(
                "collections[].groups[].structured_data.type", .text, "required",
                "The schema.org type of a group page (`Continent`)."),
            Key(
                "collections[].groups[].chart", .mapping, "",
                "A bar chart on each value's page: its records by a number field, the largest first."),
            Key(
                "collections[].groups[].chart.value", .text, "required",
                "The integer or decimal field of the collection that the bars show."),
            Key("collections[].groups[].chart.limit", .wholeNumber, "10", "The most bars (at most 50)."),
            Key("search", .mapping, "", "The search index; without it a site has no search."),
            Key(
                "search.shard_budget", .wholeNumber, "16384",
                "Bytes of a shard (at least 1,024) before it is split by the next letter."),
            Key("search.preview", .wholeNumber, "20", "Results a split prefix shows before \"and N more\"."),
            Key(
                "search.results_limit", .wholeNumber, "50",
                "The most results the list shows, best first, before \"and N more\" with the exact count."),
            Key(
                "search.max_length", .wholeNumber, "1000",
                "Characters (at least 64) a title or a searched value may have; a longer one is an error."),
            Key(
                "search.mode", .text, "as_you_type",
                "`as_you_type` (a query runs at each keystroke) or `on_submit` (when the reader presses Enter or"
                    + " the search button; until then the results below are dimmed)."),
            Key(
                "search.all", .text, "",
                "The label of an \"All\" scope (`search/all/`), first in the scope bar: every collection at once."),
            Key("search.scopes", .listOfMappings, "", "The scope bar: one entry per scope, the first checked."),
            Key(
                "search.scopes[].id", .text, "required",
                "The scope's name in the page and in `search/<id>/`: letters, digits, `-`, `_`."),
            Key("search.scopes[].label", .text, "the id", "The scope's label."),
            Key(
                "search.scopes[].collection", .text, "the only one",
                "The collection the scope searches (required when there are several)."),
            Key(
                "search.scopes[].fields", .texts, "",
                "What the scope searches: the title, the key or declared fields."),
            Key(
                "search.scopes[].filters", .texts, "",
                "Filters the scope offers, each a group of its collection (the group's `field`): a checkbox per"
                    + " value, with its count of matches, kept in the address."),
            Key(
                "search.scopes[].note", .flag, "false",
                "`true` searches each record's Markdown note too, as plain text, by word start (a full-text"
                    + " scope): results show a snippet around the first match. Never part of the \"All\" scope."),
            Key("strings", .mapping, "", "The interface's text."),
            Key("strings.none", .text, "None", "Shown for an empty value."),
            Key("strings.search_placeholder", .text, "Search", "The search box's placeholder."),
            Key("strings.search_label", .text, "Search", "The search box's label."),
            Key("strings.no_results", .text, "No results", "Shown when nothing matches."),
            Key("strings.top", .text, "Search", "The section strip's first entry, which leads to the search box."),
            Key("strings.previous", .text, "Previous", "The link to the previous record."),
            Key("strings.next", .text, "Next", "The link to the next record."),
            Key("strings.back_to_index", .text, "Index", "The link from a record page to the index."),
            Key("strings.neighbours", .text, "Neighbours", "The label of the previous and next links."),
            Key(
                "strings.more_results", .text, "and {count} more — keep typing",
                "Under a preview of a split prefix; a text or its forms, as `section_count`."),
            Key(
                "strings.more_words", .text, "more may match — keep typing",
                "Under results of several words that only a preview could answer (its total is not known)."),
            Key(
                "strings.did_you_mean", .text, "Did you mean:",
                "When nothing matches, before links to up to three titles a typo or two away."),
            Key(
                "strings.result_count", .text, "{count} results",
                "Announced to screen readers; a text or its forms, as `section_count`."),
            Key("strings.not_found", .text, "Page not found", "The 404 page's heading."),
            Key(
                "strings.section_count", .text, "{count} records",
                "How a split index or a group counts records; like `value_count`, `see_all`, `result_count` and"
                    + " `more_results`, a text or its forms"
                    + " by CLDR plural category (`{ one: \"{count} record\", other: \"{count} records\" }`, `other`"
                    + " required), of which the locale's plural rules choose."),
            Key("strings.home", .text, "Home", "The link to the home page (a site of several collections)."),
            Key("strings.see_all", .text, "All {count}", "Under a list cut short, the link to all of it."),
            Key("strings.browse", .text, "Browse", "The heading of the home page's list of collections and groups."),
            Key("strings.value_count", .text, "{count} values", "How the home page counts a group's values."),
            Key("strings.sections", .text, "Sections", "The section strip's name for screen readers."),
            Key("strings.data", .text, "Data:", "Before the data credit in the footer."),
            Key("strings.built_with", .text, "Built with WorldFacts.", "After the data credit in the footer."),
            Key("strings.download", .text, "Download the data:", "Before an index's links to its data downloads."),
            Key("strings.languages", .text, "Languages", "The language switcher's name for screen readers."),
            Key(
                "strings.fallback_note", .text, "This note is not translated yet.",
                "Above a note shown in the default language for want of one in the page's."),
            Key(
                "strings.changes", .text, "Changes to the data",
                "The heading of the page of the data's changes (`changes:`), and its link on every page."),
            Key("strings.changes_created", .text, "First published", "The heading of the feed's first entry."),
            Key("strings.changes_added", .text, "Added", "Above the records an entry of the feed names as added."),
            Key("strings.changes_removed", .text, "Removed", "Above the records an entry names as removed."),
            Key("strings.changes_changed", .text, "Changed", "Above the records an entry names as changed."),
            Key("strings.changes_more", .text, "and {count} more", "After the changes an entry names: the rest."),
            Key(
                "strings.save_offline", .text, "Save for offline",
                "The button of an installable site (`offline:`) that saves every page, on a site small enough."),
            Key(
                "strings.offline_progress", .text, "{done} of {total} files saved",
                "The count the button shows as it saves."),
            Key("strings.offline_saved", .text, "Saved for offline reading", "What it shows once every file is saved."),
            Key(
                "strings.offline_failed", .text, "Saving stopped; try again when online",
                "What it shows when a file could not be fetched."),
            Key(
                "strings.map_label", .text, "Map: {place}",
                "A locator map's text alternative: `{place}` is the record's title, with its coordinates where the"
                    + " map marks them."),
            Key("strings.yes", .text, "Yes", "How a `boolean` field shows a true value."),
            Key("strings.no", .text, "No", "How a `boolean` field shows a false value."),
        ] + creditKeys("", "", "The data credit in the footer, on the pages of a collection with none of its own.")
        + [
            Key("notes", .mapping, "", "Markdown notes."),
            Key("notes.size_limit", .wholeNumber, "10485760", "Bytes; a larger note is an error."),
            Key(
                "notes.unsafe_raw_html", .flag, "false",
                "`true` passes raw HTML in notes through: **unsafe**, notes can then run script."),
        ]

    /// Where a collection's records come from and where their pages go.
    static func sourceKeys(_ p: String, pages: String, notes: String) -> [Key] {
        [
            Key(
                p + "file", .text, "required",
                "The records file, relative to the content folder: `.json` (an array of objects), `.jsonl` or"
                    + " `.ndjson` (an object per line), `.csv`, `.tsv` (a header row), `.sqlite` or `.db`."),
            Key(p + "query", .text, "", "For a SQLite file (and only then): the query whose rows are the records."),
            Key(p + "key", .text, "required", "The member holding each record's unique key; it gives the page's name."),
            Key(p + "title", .text, "required", "The member holding each record's title: shown, sorted and sectioned."),
            Key(p + "pages", .text, pages, "The output folder of the record pages."),
            Key(
                p + "notes", .text, notes, "The folder of Markdown notes (`<key>.md`), relative to the content folder."
            ),
        ]
    }

    /// What a collection publishes beside its pages (former keys, downloads, its credit) and how its
    /// record pages present themselves with a base URL (description, JSON-LD).
    static func publishingKeys(_ p: String) -> [Key] {
        [
            Key(
                p + "only", .mapping, "the whole file",
                "Publishes only the records whose number in a field lies within bounds (`{ field: population,"
                    + " min: 40000 }`); the others are as if the file did not hold them."),
            Key(p + "only.field", .text, "required", "An integer or decimal field."),
            Key(p + "only.min", .number, "", "The smallest number kept."),
            Key(p + "only.max", .number, "", "The largest number kept."),
            Key(
                p + "rank", .mapping, "index order",
                "What orders search results after an exact match (`{ field: population }`): a number field;"
                    + " a record without one comes last, and the \"All\" scope merges by it."),
            Key(p + "rank.field", .text, "required", "An integer or decimal field."),
            Key(p + "rank.order", .text, "descending", "`descending` (largest first) or `ascending`."),
            Key(
                p + "aliases", .text, "",
                "A text or list field of former keys: each gets a redirect page to its record's page."),
            Key(
                p + "languages", .text, "all",
                "`all`: pages in every language; `default`: in the default language only, which the others link"
                    + " to and whose search scope they share."),
            Key(
                p + "titles", .byLanguage, "",
                "Language id → a declared field holding each record's title in it (`{ sv: name_sv }`)."),
            Key(
                p + "translations", .byLanguage, "",
                "Language id → a TSV file of `key` and `title` columns, relative to the content folder."),
            Key(
                p + "note_languages", .text, "all",
                "`all`: each language is to have its own notes, and one shown in the default's is warned about;"
                    + " `default`: the notes are the default language's, translated where a language has one."),
            Key(
                p + "key_format", .text, "",
                "What the keys are: `region` (ISO 3166-1 codes), `language` or `currency`. A language with no"
                    + " title for a record from `titles` or `translations` names it by its key, as CLDR does (ICU)."),
            Key(
                p + "downloads", .texts, "",
                "Formats the records are published in, linked from the index: `csv`, `json` (`data/<id>.<format>`)."),
        ] + creditKeys(p, "the site's", "Where the collection's data comes from, in its pages' footers.")
            + [
                Key(
                    p + "description", .text, "the note's first paragraph",
                    "A record page's description in link previews (with `url`): a field, or a text with fields in"
                        + " braces (`{name} is a city in {country}.`)."),
                Key(
                    p + "structured_data", .mapping, "",
                    "The record pages' JSON-LD (with `url`): a schema.org type and its properties."),
                Key(p + "structured_data.type", .text, "required", "The schema.org type (`Country`)."),
                Key(
                    p + "structured_data.properties", .namedFields, "",
                    "Property name → field. A link gives its target's `@id`, a group field its group page's;"
                        + " `latitude` and `longitude` give `geo`."),
            ]
    }

    /// A collection's locator map: its dots are a list's records, which only a collection of several has.
    static func mapKeys(_ p: String, dots: Bool) -> [Key] {
        [
            Key(
                p + "map", .mapping, "",
                "A locator map on each record page, drawn on the built-in world outline (Natural Earth):"
                    + " a marker, a country highlighted, or the records of a list as dots."),
            Key(
                p + "map.coordinates", .text, "",
                "A `coordinates` field: the map marks the record's place, and an inset zooms in on it."),
            Key(
                p + "map.region", .text, "",
                "The key, or a text or link field, of ISO 3166-1 codes (`key`): the map highlights the country."),
            Key(
                p + "map.dots", .text, "",
                "A list of the collection (`lists`) whose records have coordinates: its first are dots."),
            Key(p + "map.limit", .wholeNumber, "12", "The most dots a map shows, the list's first."),
        ].filter { dots || !($0.path.hasSuffix(".dots") || $0.path.hasSuffix(".limit")) }
    }

    /// A data credit's keys, under `p`.
    static func creditKeys(_ p: String, _ defaultValue: String, _ meaning: String) -> [Key] {
        [
            Key(p + "credit", .mapping, defaultValue, meaning),
            Key(p + "credit.text", .text, "required", "The source's name."),
            Key(p + "credit.url", .text, "", "Its link: http, https, mailto or relative."),
            Key(p + "credit.license", .text, "", "The data's license."),
        ]
    }

    /// A field's keys.
    static func fieldKeys(_ p: String) -> [Key] {
        [
            Key(p + "id", .text, "required", "The member a field's value is read from."),
            Key(p + "label", .text, "the id", "The field's label in the facts table."),
            Key(
                p + "format", .text, "text",
                "`text`, `integer`, `decimal`, `date` (`2024-03-07`, shown as Mar 7, 2024), `language` (a code"
                    + " shown by name: `de-CH`, German (Switzerland)), `currency` (`CHF`, Swiss Franc), `region`"
                    + " (`CH`, Switzerland), `coordinates` (a latitude and a longitude, from two number fields:"
                    + " 64.15°N 21.94°W), `url` and `email` (linked, a web address shown shorter), `boolean` (`true`"
                    + " or `false`, `yes` or `no`, `1` or `0`: shown as `strings.yes` or `strings.no`), `percentage` (a"
                    + " number shown as 12.5%, in German 12,5 %), `timezone` (`Europe/Paris`, Central European Time"
                    + " (GMT+01:00), today's offset), `list` (of texts),"
                    + " `link` or `links` (to records, by key)."),
            Key(
                p + "latitude", .text, "required for coordinates",
                "For `coordinates`: the integer or decimal field of the latitude (held within ±90)."),
            Key(
                p + "longitude", .text, "required for coordinates",
                "For `coordinates`: the integer or decimal field of the longitude (held within ±180)."),
            Key(
                p + "items", .text, "text",
                "For a list: what its items are, `text`, `language`, `currency`, `region` or `date`."),
            Key(
                p + "names", .namedTexts, "",
                "For codes: code → name, for codes ICU has no name for or to show another (`{ sre: Sara }`);"
                    + " a language's own are its texts' `values`, and where it has none ICU's, then these."),
            Key(
                p + "collection", .text, "its own",
                "For `link` and `links`: the collection whose keys the values are."),
            Key(p + "separator", .text, ";", "For a list in a text cell (CSV, TSV, SQLite): what separates items."),
            Key(
                p + "fallback", .text, "",
                "A field shown instead when this one has no value (a capital's name where it has no page)."),
            Key(p + "unit", .text, "", "Printed after a number (`km²`)."),
            Key(
                p + "unit_field", .text, "",
                "A text field of the record whose value is the number's unit where it has one (`half_life_unit`);"
                    + " else `unit`."),
            Key(p + "also", .mapping, "", "The number again in a second unit, after it: `1,250 ft (381 m)`."),
            Key(p + "also.unit", .text, "required", "The second unit (`m`)."),
            Key(p + "also.factor", .number, "required", "What the value is multiplied by (`0.3048`), not zero."),
            Key(p + "also.digits", .wholeNumber, "the field's", "The most fraction digits the second value shows."),
            Key(p + "digits", .wholeNumber, "2", "The most fraction digits a decimal or a percentage shows."),
            Key(
                p + "compute", .text, "",
                "A value computed from the record's integer and decimal fields (`population / area_km2`), with"
                    + " `+ - * /`, a leading minus and parentheses; a `decimal` unless `format` says `integer`. A"
                    + " missing input or a division by zero leaves it empty. It has no column of its own."),
            Key(p + "min", .number, "", "The smallest value a number may take."),
            Key(p + "max", .number, "", "The largest value a number may take."),
            Key(p + "required", .flag, "false", "Every record must have the field."),
            Key(p + "show", .flag, "true", "The facts table shows the field (`false` keeps it for search only)."),
            Key(
                p + "hide_empty", .flag, "the site's",
                "A record with no value for the field leaves its row out of the facts table."),
        ]
    }

    /// An index row's keys.
    static func indexKeys(_ p: String) -> [Key] {
        [
            Key(p + "subtitle", .text, "", "The field shown under the title."),
            Key(p + "detail", .text, "", "The field shown after `detail_label`."),
            Key(p + "detail_label", .text, "", "The label before the detail (`Pop:`)."),
            Key(p + "split_above", .wholeNumber, "5000", "Above this many records the index is one page per section."),
            Key(
                p + "section_size", .wholeNumber, "2000",
                "In a split index, a larger section is cut into pages where its first two letters change."),
            Key(
                p + "sort", .text, "the title",
                "The field the index, its previous/next links and its downloads are ordered by: its key, its title"
                    + " or a declared field. A text's sections are its initials."),
            Key(p + "order", .text, "ascending", "`ascending` or `descending`; records without a value come last."),
            Key(
                p + "sections", .listOfMappings, "one section",
                "For an index sorted by a number: its sections, in ascending order, each values up to its `to`."),
            Key(p + "sections[].label", .text, "required", "The section's heading and entry in the section strip."),
            Key(
                p + "sections[].to", .number, "",
                "The section's highest value; the last section has none and takes the rest."),
        ]
    }

    /// The table of keys in docs/site-yml.md.
    static func markdownTable() -> String {
        var lines = ["| key | value | default | meaning |", "|---|---|---|---|"]
        for key in keys {
            let shown =
                [
                    "", "required", "the id", "the only one", "its own", "the field", "the field's label", "the site's",
                    "the note's first paragraph", "the value", "the title", "one section",
                ]
                .contains(
                    key.defaultValue) ? key.defaultValue : "`\(key.defaultValue)`"
            lines.append("| `\(key.path)` | \(key.kind.rawValue) | \(shown) | \(key.meaning) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Keys by path.
    static let byPath: [String: Key] = Dictionary(uniqueKeysWithValues: keys.map { ($0.path, $0) })

    /// The names of the keys a mapping at `path` may hold ("" for the top, `fields[]` for a field).
    static func names(under path: String) -> [String] {
        let prefix = path.isEmpty ? "" : path + "."
        return keys.compactMap { key in
            guard key.path.hasPrefix(prefix) else { return nil }
            let rest = key.path.dropFirst(prefix.count)
            return rest.contains(".") || rest.contains("[") ? nil : String(rest)
        }
    }

    /// An error for every key of the document that the schema does not know, at the key's line and
    /// column, suggesting the nearest known key of that mapping.
    static func unknownKeys(in root: Node, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func visit(_ node: Node, schemaPath: String, shownPath: String) {
            guard let mapping = node.mapping else { return }  // a mapping in the wrong place: the loader says so
            let known = names(under: schemaPath)
            for (keyNode, value) in mapping {
                guard let name = keyNode.string else { continue }
                let childSchema = schemaPath.isEmpty ? name : schemaPath + "." + name
                let childShown = shownPath.isEmpty ? name : shownPath + "." + name
                guard let key = byPath[childSchema] else {
                    let location = SourceLocation(file: file, line: keyNode.mark?.line, column: keyNode.mark?.column)
                    let message = retired[childSchema].map { "key '\(name)' is no longer used: " + $0 }
                    diagnostics.append(
                        .error(location, field: childShown, message ?? unknownKeyMessage(name, known: known)))
                    continue
                }
                switch key.kind {
                case .mapping, .flagOrMapping: visit(value, schemaPath: childSchema, shownPath: childShown)
                case .listOfMappings:
                    for (position, item) in (value.sequence.map(Array.init) ?? []).enumerated() {
                        visit(item, schemaPath: childSchema + "[]", shownPath: childShown + "[\(position)]")
                    }
                default: break
                }
            }
        }
        visit(root, schemaPath: "", shownPath: "")
        return diagnostics
    }

    /// Keys that sites once had, and what to do instead: a clearer error than an unknown key's.
    static let retired = [
        "search.script_twins":
            "each search file serves pages over HTTP and from disk (file://) alike, so there is no second copy to"
            + " leave out; remove the key"
    ]

    /// "unknown key 'serach'; did you mean 'search'?", or the known keys when none is near.
    static func unknownKeyMessage(_ name: String, known: [String]) -> String {
        let nearest = known.map { (name: $0, distance: EditDistance.between(name.lowercased(), $0)) }.min {
            $0.distance < $1.distance
        }
        if let nearest, nearest.distance <= max(2, nearest.name.count / 3) {
            return "unknown key '\(name)'; did you mean '\(nearest.name)'?"
        }
        return "unknown key '\(name)'; expected one of " + known.map { "'\($0)'" }.joined(separator: ", ")
    }

}
