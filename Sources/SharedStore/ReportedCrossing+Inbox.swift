import GeofenceEngine

extension ReportedCrossing {
    /// The crossing's own fields in the inbox's `crossing` column (its fix has the row's columns):
    /// `kind|trigger|wtst|rid`, the phone's `rid` last since it may hold any character.
    var inboxText: String {
        [kind.rawValue, trigger?.rawValue ?? "", regionStamp.map(String.init) ?? "", regionID ?? ""].joined(separator: "|")
    }

    /// A crossing read back from ``inboxText`` and its row's fix; nil for text it never wrote.
    init?(inboxText text: String, fix: Fix) {
        let fields = text.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let kind = Transition.Kind(rawValue: String(fields[0])) else { return nil }
        self.init(
            kind: kind, regionID: fields[3].isEmpty ? nil : String(fields[3]), regionStamp: Int(fields[2]),
            trigger: Trigger(rawValue: String(fields[1])), fix: fix)
    }
}
