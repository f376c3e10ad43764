/// Per group of an engine's ``FenceAudiences``, an index of the fences that group sees, so a
/// device's candidate query meets its own person's fences only, not every fence near it. The
/// entries are sorted out once, when the audiences are set; a group's tree is built at its first
/// query (a store of 10,000 people has few with a device moving at once).
struct GroupIndexes {
    /// Whether the engine has audiences (queries then go to a group's index).
    let isActive: Bool
    private var entries: [Int32: [(box: BoundingBox, item: Int32)]] = [:]
    private var trees: [Int32: STRTree] = [:]

    init(audiences: FenceAudiences?, entries all: [(box: BoundingBox, item: Int32)]) {
        isActive = audiences != nil
        guard let audiences else { return }
        for entry in all {
            for group in audiences.groupsOfFence[Int(entry.item)] { entries[group, default: []].append(entry) }
        }
    }

    /// The index of `group`'s fences; nil when it sees none; `full` when its tree could not be
    /// built (GEOS out of memory): the candidates' own audience check then leaves the rest out.
    /// `full` is asked for only then.
    mutating func index(of group: Int32, orElse full: @autoclosure () -> STRTree?) -> STRTree? {
        if let tree = trees[group] { return tree }
        guard let mine = entries[group], !mine.isEmpty else { return nil }
        guard let tree = try? STRTree(entries: mine) else { return full() }
        trees[group] = tree
        entries[group] = nil
        return tree
    }
}
