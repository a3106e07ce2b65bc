import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

/// A bar chart (`ChartSpec`) as its template sees it (`partials/chart`): records by a number field, the
/// largest first, drawn when the page is built as an SVG of bars, their labels and values, and an axis
/// whose ticks are round numbers in the locale's digits; then the same data as a table, for readers and
/// crawlers. Nothing runs in the browser. On a right-to-left page the bars grow from the right.
struct BarChart {
    /// A bar: a record, by position in its collection, and its value.
    struct Bar: Equatable {
        let position: Int
        let value: Double
    }

    /// The view box's width, and the geometry of its rows, in its units.
    static let width = 600.0
    static let labelEnd = 170.0
    static let barStart = 180.0
    static let barRoom = 320.0
    static let rowHeight = 24.0
    /// The width of a label, in halves of the font's size: a wide character (CJK, Hangul) counts two.
    static let labelRoom = 26

    /// The bars of `positions` (of `collection`) by `field`: those with a value of at least zero, the
    /// largest first, the earlier position first among equals, at most `limit`.
    static func bars(
        _ positions: some Collection<Int>, field: Int, in collection: RecordCollection, limit: Int
    ) -> [Bar] {
        var bars: [Bar] = []
        bars.reserveCapacity(positions.count)
        for position in positions {
            guard let value = collection.records[position].values[field].number, value >= 0, value.isFinite else {
                continue
            }
            bars.append(Bar(position: position, value: value))
        }
        // Sorted by value, then by where each record was in `positions`: stable.
        let order = bars.indices.sorted { bars[$0].value != bars[$1].value ? bars[$0].value > bars[$1].value : $0 < $1 }
        return order.prefix(limit).map { bars[$0] }
    }

    /// The round step of an axis up to `largest` with at most five ticks (1, 2 or 5 times a power of ten),
    /// and where the axis ends: the first multiple of the step at or above the largest value.
    static func axis(upTo largest: Double) -> (step: Double, end: Double) {
        guard largest > 0 else { return (1, 1) }
        let raw = largest / 4
        // The power of ten at or below `raw`.
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let residual = raw / magnitude
        let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
        return (step, (largest / step).rounded(.up) * step)
    }

    /// The fraction digits a tick of `step` needs: none for a whole step, else as many as its first digit's.
    static func digits(of step: Double) -> Int {
        var digits = 0
        var scaled = step
        while scaled < 0.999_999, digits < 20 {
            scaled *= 10
            digits += 1
        }
        return digits
    }

    /// A record's title cut to fit the labels' room, with an ellipsis where it was cut.
    static func fitted(_ title: String) -> String {
        var room = labelRoom
        var kept = ""
        for character in title {
            let wide = character.unicodeScalars.first.map { isWide($0) } ?? false
            room -= wide ? 2 : 1
            if room < 1 { return kept + "…" }
            kept.append(character)
        }
        return kept
    }

    /// Whether a character is drawn about twice as wide as a Latin letter: CJK, kana, Hangul, full-width forms.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default: return false
        }
    }

    /// A coordinate as the page writes it (`WorldMap.number`).
    static func number(_ value: Double) -> String { WorldMap.number(value) }

    /// The chart of `bars`, records of `collection` whose `field` they show, under `caption`.
    /// `root`: the way from the page to the site's root, for the table's links. `id`: the caption's id.
    static func context(
        _ bars: [Bar], of collection: RecordCollection, field: Int, caption: String, id: String, root: String,
        formatter: ValueFormatter, rightToLeft: Bool
    ) -> TemplateValue {
        let spec = collection.spec.fields[field]
        let (step, end) = axis(upTo: bars.first?.value ?? 0)
        let mirrored = { (x: Double) in rightToLeft ? width - x : x }
        let (labelAnchor, valueAnchor) = rightToLeft ? ("start", "end") : ("end", "start")
        var drawn: [TemplateValue] = []
        var rows: [TemplateValue] = []
        for (rank, bar) in bars.enumerated() {
            let top = 4 + Double(rank) * rowHeight
            let length = bar.value / end * barRoom
            let shown = formatter.text(collection.records[bar.position].values[field], spec)
            let title = collection.records[bar.position].title
            drawn.append([
                "y": .text(number(top + 4)), "textY": .text(number(top + 17)),
                "labelX": .text(number(mirrored(labelEnd))), "labelAnchor": .text(labelAnchor),
                "label": .text(fitted(title)),
                "barX": .text(number(rightToLeft ? width - barStart - length : barStart)),
                "barWidth": .text(number(length)),
                "valueX": .text(number(mirrored(barStart + length + 6))), "valueAnchor": .text(valueAnchor),
                "value": .text(shown),
            ])
            var row: TemplateObject = ["title": .text(title), "value": .text(shown)]
            if collection.spec.hasPages { row["href"] = .text(root + collection.pagePath(of: bar.position)) }
            rows.append(.object(row))
        }
        let axisY = 4 + Double(bars.count) * rowHeight + 2
        let tickDigits = spec.format == .integer ? 0 : digits(of: step)
        let ticks = (0...Int((end / step).rounded())).map { count -> TemplateValue in
            let value = Double(count) * step
            return [
                "x": .text(number(mirrored(barStart + value / end * barRoom))), "y": .text(number(axisY + 16)),
                "text": .text(formatter.numbers.format(value, fractionDigits: tickDigits)),
            ]
        }
        return [
            "id": .text(id), "caption": .text(caption), "height": .text(number(axisY + 22)),
            "nameHeader": .text(collection.spec.label), "valueHeader": .text(spec.label),
            "bars": .list(drawn), "rows": .list(rows), "ticks": .list(ticks),
            "axis": [
                "y": .text(number(axisY)), "x1": .text(number(mirrored(barStart))),
                "x2": .text(number(mirrored(barStart + barRoom))),
            ],
        ]
    }

    /// What a chart of `bars` shows, for a page's input fingerprint: each bar's record (title and page)
    /// and value.
    static func add(_ bars: [Bar], of collection: RecordCollection, field: Int, to hash: inout ContextFingerprint) {
        hash.mix(UInt64(bars.count))
        for bar in bars {
            hash.add(collection.records[bar.position].title)
            hash.add(pageIn: collection.spec.records.pagesFolder, slug: collection.slugs[bar.position])
            hash.add(field: collection.records[bar.position].values[field])
        }
    }
}
