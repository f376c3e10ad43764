/// A request georemind cannot carry out as asked, naming the fields as the person typed them: the
/// command line spells a field `--due`, the HTTP API `due` (``FieldSpelling``). One set of rules
/// and messages for both fronts.
public enum RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A field's value does not read; `message` is the reason (`'2026-13-01' has an invalid month`).
    case badValue(field: String, message: String)
    case unknownList(name: String)
    case unknownPlace(name: String)
    /// A field that needs another one given with it.
    case together(String, String)
    /// Two fields that exclude each other.
    case notBoth(String, String)
    /// A place named and a coordinate given.
    case placeAndCoordinate
    /// A radius or a proximity with no place to apply it to.
    case needsPlace
    /// `repeat-from-completion` on a reminder without a rule.
    case needsRule
    /// A field whose meaning counts from the due date (`repeat`, `alarm-before`) without one.
    case needsDueDate(field: String)
    /// Due-date filters (incomplete reminders) with completion-date filters (completed ones).
    case dueAndCompletionRanges
    /// Due-date filters with `completed` or `all`.
    case dueRangeWithCompletion
    /// Completion-date filters with `all`.
    case completionRangeWithAll
    /// A range whose end is not after its start (`due-before` not after `due-after`).
    case emptyRange(after: String, afterValue: String, before: String, beforeValue: String)
    /// A field that must be given (`title` when creating).
    case missing(field: String)

    public var description: String { message(spelling: .field) }

    /// The message with every field spelled as the front shows it.
    public func message(spelling: FieldSpelling) -> String {
        let s = spelling.spell
        switch self {
        case let .badValue(field, message): return "\(s(field)): \(message)"
        case let .unknownList(name): return "no list is named '\(name)'"
        case let .unknownPlace(name): return "unknown place '\(name)'"
        case let .together(first, second): return "\(s(first)) and \(s(second)) go together"
        case let .notBoth(first, second): return "use \(s(first)) or \(s(second)), not both"
        case .placeAndCoordinate:
            return "use \(s("at")) PLACE or \(s("latitude"))/\(s("longitude")), not both"
        case .needsPlace:
            return "\(s("radius")) and \(s("when")) need a place; add \(s("at")) PLACE or \(s("latitude"))/\(s("longitude"))"
        case .needsRule: return "\(s("repeat-from-completion")) needs a rule; add \(s("repeat"))"
        case let .needsDueDate(field) where field == "repeat":
            return "\(s(field)) needs a due date to count from; add \(s("due"))"
        case let .needsDueDate(field): return "\(s(field)) needs a due date; add \(s("due"))"
        case .dueAndCompletionRanges:
            return "\(s("due-after"))/\(s("due-before")) select incomplete reminders, "
                + "\(s("completed-after"))/\(s("completed-before")) completed ones; use one pair"
        case .dueRangeWithCompletion:
            return "\(s("due-after"))/\(s("due-before")) select incomplete reminders; drop \(s("completed"))/\(s("all"))"
        case .completionRangeWithAll:
            return "\(s("completed-after"))/\(s("completed-before")) select completed reminders; drop \(s("all"))"
        case let .emptyRange(after, afterValue, before, beforeValue):
            return "\(s(before)): '\(beforeValue)' is not after \(s(after)) '\(afterValue)'"
        case let .missing(field): return "\(s(field)) is required"
        }
    }
}

/// How a front names a request's fields in messages.
public enum FieldSpelling: Sendable {
    /// `--due`: command-line options.
    case option
    /// `due`: JSON fields and query parameters.
    case field

    func spell(_ name: String) -> String {
        switch self {
        case .option: "--" + name
        case .field: name
        }
    }
}
