extension ScopeIndexer.Update {
    /// The scope's entry hashes and floors after the edit, with the positions whose hash changed
    /// (ascending) and whether every floor is as it was. Only the candidates are hashed again, unless the
    /// filters' values were renumbered (`signature` differs from the memo's): then any entry may have
    /// changed. `floor` is nil for the "All" scope, which has no floors.
    func hashes(
        signature: String, count: Int, hash: (Int) -> UInt64, floor: ((Int) -> Int)?
    ) -> (hashes: [UInt64], floors: [Int], changed: [Int], floorsKept: Bool) {
        // The memo's copies, changed in place, when they were made.
        var hashes = memo.preparedHashes.take(orShared: memo.entryHashes)
        var floors = memo.preparedFloors.take(orShared: memo.entryFloors)
        var changed: [Int] = []
        var floorsKept = true
        for position in memo.filterSignature == signature ? candidates : Array(0..<count) {
            let new = hash(position)
            guard new != hashes[position] else { continue }
            hashes[position] = new
            if let floor {
                let made = floor(position)
                if made != floors[position] { floorsKept = false }
                floors[position] = made
            }
            changed.append(position)
        }
        return (hashes, floors, changed, floorsKept)
    }
}
