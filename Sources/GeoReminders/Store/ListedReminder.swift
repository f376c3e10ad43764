import Foundation

/// A reminder as a listing of its rendered form needs it: which it is, its list, when it last
/// changed, and its kept rendering if the store has one. Reading this is a fraction of reading
/// whole reminders, which a listing needs only for those it must render again.
public struct ListedReminder: Sendable {
    public var id: String
    public var listID: String?
    public var lastModifiedDate: Date
    public var kept: KeptRendering?
}
