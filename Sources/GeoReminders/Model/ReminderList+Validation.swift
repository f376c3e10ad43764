import Foundation

extension ReminderList {
    /// The list with its identifier in canonical form, or the first model rule it breaks.
    func validated() throws(ReminderError) -> ReminderList {
        var copy = self
        copy.id = try Reminder.canonicalIdentifier(id)
        if Reminder.isBlank(title) { throw .emptyListTitle(listID: copy.id) }
        let hex = colour.utf8.dropFirst()
        guard colour.utf8.first == UInt8(ascii: "#"), hex.count == 6,
            hex.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else {
            throw .badColour(listID: copy.id, colour: colour)
        }
        copy.colour = colour.uppercased()
        return copy
    }
}
