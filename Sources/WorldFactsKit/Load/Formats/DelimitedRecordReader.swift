import WorldFactsModel
import WorldFactsSupport

/// Reads a plain CSV or TSV row straight into its record, as `JSONRecordReader` reads a plain JSON object:
/// each column's part (key, title, field) is found once from the header, not by name for every cell, and
/// no tree of cells is made. A plain row has a non-blank key and title and every cell of its field's
/// kind (a whole number at or above its minimum, a finite number, a list) or empty.
///
/// Anything else (an empty or blank key or title, a cell that is not of its field's kind, a required field
/// left empty) gives nil, and the caller reads the row the general way, which says what is wrong and
/// where. So a record read here is the record the general way gives, and every message comes from it.
struct DelimitedRecordReader: Sendable {
    /// What a column holds.
    struct Column: Sendable {
        var isKey = false
        var isTitle = false
        /// The field it fills, by position in the collection's fields.
        var field: Int?
    }

    let columns: [Column]
    let fields: [FieldSpec]
    /// Positions of the required fields.
    let required: [Int]

    /// Nil when the header names no key or no title column, or when the key or title column is also a
    /// field of a kind the general way types (a number, a list): such rows are left to it.
    init?(collection: CollectionSpec, header: [DelimitedSource.Cell], positionByName: [String: Int]) {
        var columns: [Column] = []
        columns.reserveCapacity(header.count)
        for cell in header {
            var column = Column()
            column.isKey = cell.text == collection.records.keyField
            column.isTitle = cell.text == collection.records.titleField
            column.field = positionByName[cell.text]
            if column.isKey || column.isTitle, let field = column.field {
                let format = collection.fields[field].format
                guard format == .text || format == .link else { return nil }
            }
            columns.append(column)
        }
        guard columns.contains(where: \.isKey), columns.contains(where: \.isTitle) else { return nil }
        self.columns = columns
        fields = collection.fields
        required = collection.fields.indices.filter { collection.fields[$0].required }
    }

    /// The record of a row (as many cells as the header has columns), or nil to read it the general way.
    func record(_ row: [DelimitedSource.Cell]) -> Record? {
        var key: String?, title: String?
        var values = [FieldValue](repeating: .missing, count: fields.count)
        for (column, cell) in zip(columns, row) {
            let text = cell.text
            if column.isKey || column.isTitle {
                guard !text.trimmingWhitespace().isEmpty else { return nil }
                if column.isKey { key = text }
                if column.isTitle { title = text }
            }
            guard let position = column.field, !text.isEmpty else { continue }
            guard let value = value(text, fields[position]) else { return nil }
            values[position] = value
        }
        RecordsLoader.derive(&values, fields: fields)
        for position in required where values[position] == .missing { return nil }
        guard let key, let title else { return nil }
        return Record(key: key, title: title, values: values, line: row[0].line)
    }

    /// A non-empty cell's value as its field holds it, or nil when the general way would find a problem.
    private func value(_ text: String, _ field: FieldSpec) -> FieldValue? {
        let (minimum, maximum) = (field.minimum ?? -.infinity, field.maximum ?? .infinity)
        switch field.format {
        case .text, .link:
            return .text(text)
        case .integer:
            guard let number = Int(text), Double(number) >= minimum, Double(number) <= maximum else { return nil }
            return .integer(number)
        case .decimal:
            if let number = Int(text) {
                return Double(number) >= minimum && Double(number) <= maximum ? .decimal(Double(number)) : nil
            }
            guard let number = Double(text), number >= minimum, number <= maximum, number.isFinite else { return nil }
            return .decimal(number)
        case .list, .links:
            return .list(
                text.components(separatedBy: field.separator).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
                    .map(String.init))
        }
    }
}
