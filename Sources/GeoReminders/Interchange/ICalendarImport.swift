import Foundation
import ICalendar

/// The reading half of an import: every VTODO of every file decoded, before the store is asked.
enum ICalendarImport {
    /// A VTODO read from a file, with the calendar name it sat under.
    struct ReadTodo {
        var file: String
        var calendarName: String?
        var decoded: VTODODecoder.Decoded
    }

    /// Every VTODO of every file, decoded; skips and notes go to `report`. A UID met twice is
    /// kept the first time.
    static func readTodos(
        _ sources: [ICalendarSource], now: Date,
        report: inout ICalendarImportReport
    ) throws(ICalendarImportError) -> [ReadTodo] {
        var todos: [ReadTodo] = []
        var seen: [String: (file: String, line: Int?)] = [:]
        for source in sources {
            let roots: [ICalComponent]
            do { roots = try ICalReader.components(from: source.data) } catch {
                throw .unreadable(file: source.name, error: error)
            }
            let calendars = roots.filter { $0.name == "VCALENDAR" }
            guard !calendars.isEmpty else { throw .noCalendar(file: source.name) }
            for calendar in calendars {
                let decoder = VTODODecoder(resolver: ICalTimeZoneResolver(calendar: calendar), now: now)
                let calendarName = calendar.property(ICalExtensionName.calendarName)?.text
                for component in calendar.components {
                    guard component.name == "VTODO" else {
                        if component.name != "VTIMEZONE" {
                            report.notes.append(
                                .init(
                                    file: source.name, line: component.lineNumber,
                                    message: "\(component.name) ignored; georemind imports VTODO only"))
                        }
                        continue
                    }
                    let result: Result<VTODODecoder.Decoded, VTODODecoder.Skip>
                    do { result = try decoder.decode(component) } catch { throw .unreadable(file: source.name, error: error) }
                    switch result {
                    case let .failure(skip):
                        report.entries.append(
                            .init(
                                file: source.name, line: skip.line, uid: skip.uid, reminderID: nil,
                                title: skip.title, listID: nil, outcome: .skipped(reason: skip.reason)))
                    case let .success(decoded):
                        for omission in decoded.omissions {
                            report.notes.append(.init(file: source.name, line: omission.line, message: omission.reason))
                        }
                        if let first = seen[decoded.reminder.id] {
                            let place = "\(first.file) line \(first.line ?? 0)"
                            report.entries.append(
                                .init(
                                    file: source.name, line: decoded.line, uid: decoded.uid,
                                    reminderID: nil, title: decoded.reminder.title, listID: nil,
                                    outcome: .skipped(reason: "its UID was already read at \(place)")))
                            continue
                        }
                        seen[decoded.reminder.id] = (source.name, decoded.line)
                        todos.append(ReadTodo(file: source.name, calendarName: calendarName, decoded: decoded))
                    }
                }
            }
        }
        return todos
    }
}
