/// The armed circular location alarms by the names a phone gives their regions back: `rid` (iOS)
/// and `wtst` (both apps), as ``PhoneRegion`` derives them. Built on the first report a phone
/// sends, not at every load: most evaluations never see one.
struct PhoneRegionIndex {
    var byID: [String: Int32] = [:]
    var byStamp: [Int: Int32] = [:]

    init(alarms: [ArmedAlarm]) {
        for (number, armed) in alarms.enumerated() {
            // An area is sent as the circle around it: entering that circle is not entering the
            // area, so only circles are fired by a phone's word.
            guard let location = armed.location, location.area == nil else { continue }
            let reminderID = armed.reminder.id
            byID[PhoneRegion.id(reminderID: reminderID, alarmID: armed.alarm.id)] = Int32(number)
            byStamp[PhoneRegion.stamp(reminderID: reminderID, alarmID: armed.alarm.id)] = Int32(number)
        }
    }

    /// The alarm of a reported region: by `rid` when the phone sent one, else by `wtst`.
    func alarm(regionID: String?, regionStamp: Int?) -> Int32? {
        if let regionID { return byID[regionID] }
        return regionStamp.flatMap { byStamp[$0] }
    }
}
