import WorldFactsModel
import WorldFactsMustache
import WorldFactsSupport

// The charts of record pages (`CollectionSpec.charts`) and of group pages (`GroupSpec.chart`): their bars,
// their contexts, and what they add to a page's input fingerprint, so that a page is made again when a bar
// it shows changes, and only then.
extension PageContexts {
    /// The bars of a record page's chart: the records of its list that have a value, the largest first.
    func bars(_ chart: ChartSpec, of position: Int) -> (bars: [BarChart.Bar], of: RecordCollection)? {
        guard let number = chart.list else { return nil }
        let list = site.lists[collection.number][number]
        let source = site.collections[list.spec.source]
        let bars = BarChart.bars(list.items[position], field: chart.value, in: source, limit: chart.limit)
        return bars.isEmpty ? nil : (bars, source)
    }

    /// The charts of the record at `position`, each under its list's heading and its field's label.
    func charts(of position: Int) -> [TemplateValue] {
        collection.spec.charts.enumerated().compactMap { number, chart in
            guard let (bars, source) = bars(chart, of: position), let list = chart.list else { return nil }
            let heading = heading(of: site.lists[collection.number][list], position)
            return BarChart.context(
                bars, of: source, field: chart.value,
                caption: heading + " (" + source.spec.fields[chart.value].label + ")",
                id: "chart-\(number + 1)", root: recordRoot, formatter: formatter,
                rightToLeft: KnownLocales.isRightToLeft(site.config.locale))
        }
    }

    /// What the record's charts show, for its page's input fingerprint.
    func addCharts(of position: Int, to hash: inout ContextFingerprint) {
        for chart in collection.spec.charts {
            guard let (bars, source) = bars(chart, of: position) else {
                hash.add(0)
                continue
            }
            BarChart.add(bars, of: source, field: chart.value, to: &hash)
        }
    }
}

extension GroupContexts {
    /// The bars of a value's chart: its records that have a value, the largest first.
    func bars(of value: Int) -> [BarChart.Bar]? {
        guard let chart = group.spec.chart else { return nil }
        let bars = BarChart.bars(group.values[value].positions, field: chart.value, in: collection, limit: chart.limit)
        return bars.isEmpty ? nil : bars
    }

    /// The chart of a value's page, under the collection's label and its field's.
    func chart(of value: Int, root: String) -> TemplateValue? {
        guard let chart = group.spec.chart, let bars = bars(of: value) else { return nil }
        return BarChart.context(
            bars, of: collection, field: chart.value,
            caption: collection.spec.label + " (" + collection.spec.fields[chart.value].label + ")", id: "chart-1",
            root: root, formatter: rows.formatter, rightToLeft: KnownLocales.isRightToLeft(site.config.locale))
    }

    /// What a value's chart shows, for its page's input fingerprint.
    func addChart(of value: Int, to hash: inout ContextFingerprint) {
        guard let chart = group.spec.chart else { return }
        BarChart.add(bars(of: value) ?? [], of: collection, field: chart.value, to: &hash)
    }
}
