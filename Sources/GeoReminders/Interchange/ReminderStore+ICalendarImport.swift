import Foundation

extension ReminderStore {
    /// Imports the VTODOs of one iCalendar file; see ``importICalendar(_:options:)``.
    public func importICalendar(
        _ data: Data, fileName: String,
        options: ICalendarImportOptions = ICalendarImportOptions()
    ) throws -> ICalendarImportReport {
        try importICalendar([ICalendarSource(name: fileName, data: data)], options: options)
    }

    /// Imports the VTODOs of iCalendar files as reminders, all or nothing in one transaction.
    ///
    /// A VTODO's UID is the reminder's identifier (a UID that is no UUID maps to a fixed
    /// name-based one), so importing a file again updates, or leaves unchanged, what the first
    /// import created. A broken file throws ``ICalendarImportError`` naming the file and line;
    /// a list or access problem throws `StoreError`; either way nothing is written. Lists are
    /// chosen as ``ICalendarImportOptions`` says. With `dryRun` the report says what would happen.
    public func importICalendar(
        _ sources: [ICalendarSource],
        options: ICalendarImportOptions = ICalendarImportOptions()
    ) throws -> ICalendarImportReport {
        _ = try authorizedDatabase(for: "import reminders")
        var report = ICalendarImportReport(dryRun: options.dryRun)
        let items = try ICalendarImport.readTodos(sources, now: configuration.now(), report: &report)

        let account = try self.account(named: options.account).name
        let roles = try self.roles(of: account)
        // Lists the account cannot write are as missing to it.
        let lists = try self.lists().filter { roles[$0.id]?.canEditReminders ?? false }
        var target: ReminderList?
        if let id = options.listID {
            let canonical = try Reminder.canonicalIdentifier(id)
            guard let list = lists.first(where: { $0.id == canonical }) else { throw StoreError.unknownList(id: canonical) }
            guard list.allowsContentModifications else { throw StoreError.readOnlyList(listID: list.id, title: list.title) }
            target = list
        }
        let defaultListID = try defaultListID(of: account)
        let listsByID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var newLists: [ReminderList] = []
        func list(titled title: String) -> ReminderList? {
            if let known = (lists + newLists).first(titled: title) { return known }
            guard options.createsMissingLists, !Reminder.isBlank(title) else { return nil }
            let created = ReminderList(title: title)
            newLists.append(created)
            return created
        }

        let existing = Dictionary(
            try reminders(ids: items.map(\.decoded.reminder.id)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        var writes: [Reminder] = []
        for item in items {
            var reminder = item.decoded.reminder
            var entry = ICalendarImportReport.Entry(
                file: item.file, line: item.decoded.line, uid: item.decoded.uid,
                reminderID: reminder.id, title: reminder.title, listID: nil,
                outcome: .created)
            func skip(_ reason: String) {
                entry.reminderID = nil
                entry.outcome = .skipped(reason: reason)
                report.entries.append(entry)
            }
            let old = existing[reminder.id]
            if let oldListID = old?.listID, listsByID[oldListID] == nil {
                skip("its UID is taken by a reminder of a list this account cannot change")
                continue
            }
            if let oldList = old?.listID.flatMap({ listsByID[$0] }), !oldList.allowsContentModifications {
                skip("the reminder is in read-only list '\(oldList.title)'")
                continue
            }
            let named = (item.decoded.listTitle ?? item.calendarName).flatMap(list(titled:))
            let chosen = target ?? named ?? old?.listID.flatMap { listsByID[$0] } ?? listsByID[defaultListID]
            if let chosen, !chosen.allowsContentModifications {
                skip("list '\(chosen.title)' is read-only")
                continue
            }
            reminder.listID = chosen?.id ?? defaultListID
            // Only a member of the list may be assigned, or have its alarms fire for them.
            let members = try reminder.listID.map { try self.members(ofList: $0).map(\.account) } ?? []
            if let assignee = reminder.assignee, !members.contains(assignee) { reminder.assignee = nil }
            if case let .account(name) = reminder.alarmsFor, !members.contains(name) { reminder.alarmsFor = nil }
            if let old {
                reminder.alarms = Self.keepingAlarmState(reminder.alarms, from: old.alarms)
                // Who made it and whom it is for are the store's, not the file's.
                reminder.creator = old.creator
                reminder.assignee = reminder.assignee ?? old.assignee
                reminder.alarmsFor = reminder.alarmsFor ?? old.alarmsFor
            } else {
                reminder.creator = account
            }
            do {
                reminder = try reminder.validated()
            } catch {
                skip(error.description)
                continue
            }
            entry.listID = reminder.listID
            if let old {
                entry.outcome = old.interchangeForm == reminder.interchangeForm ? .unchanged : .updated
            }
            report.entries.append(entry)
            if entry.outcome != .unchanged { writes.append(reminder) }
        }
        // Skips were met while reading, the rest while planning: report in file order.
        let fileOrder = Dictionary(sources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        report.entries = report.entries.enumerated().sorted { a, b in
            let ka = (fileOrder[a.element.file] ?? 0, a.element.line ?? 0, a.offset)
            let kb = (fileOrder[b.element.file] ?? 0, b.element.line ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
        let usedLists = Set(writes.compactMap(\.listID))
        report.createdLists = newLists.filter { usedLists.contains($0.id) }
        let kept = options.keeping.map { keeping in
            (keeping, ids: report.entries.filter { $0.outcome == .unchanged }.compactMap(\.reminderID) + writes.map(\.id))
        }
        if !options.dryRun, !writes.isEmpty || !(kept?.ids.isEmpty ?? true) {
            try writeInterchange(lists: report.createdLists, reminders: writes, owner: account, keeping: kept)
        }
        return report
    }

    /// Incoming alarms that say nothing of fired state keep the state the store holds for the
    /// same alarm (same identifier and trigger), so re-importing an old export does not re-arm them.
    private static func keepingAlarmState(_ incoming: [Alarm], from stored: [Alarm]) -> [Alarm] {
        incoming.map { alarm in
            guard alarm.firedDate == nil, alarm.acknowledgedDate == nil,
                let old = stored.first(where: { $0.id == alarm.id && $0.trigger == alarm.trigger })
            else { return alarm }
            var kept = alarm
            kept.firedDate = old.firedDate.map(Reminder.wholeSecond)
            kept.acknowledgedDate = old.acknowledgedDate.map(Reminder.wholeSecond)
            return kept
        }
    }
}
