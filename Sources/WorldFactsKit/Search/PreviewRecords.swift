/// The `limit` smallest of the numbers added, in order; all of them when the limit is not reached.
struct PreviewRecords {
    let limit: Int
    private var values: [Int64] = []
    private var isSorted = true

    init(limit: Int) { self.limit = limit }

    var sorted: [Int64] { isSorted ? values : values.sorted() }

    mutating func add(_ number: Int64) {
        if values.count < limit {
            if let last = values.last, last > number { isSorted = false }
            values.append(number)
            return
        }
        if !isSorted { values.sort(); isSorted = true }
        guard let last = values.last, number < last else { return }
        // Insert in place, dropping the largest.
        var index = values.count - 1
        while index > 0, values[index - 1] > number { values[index] = values[index - 1]; index -= 1 }
        values[index] = number
    }
}
