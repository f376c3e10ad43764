/// Which devices track which fences: each fence is seen by some groups (the people an alarm is
/// for), each device belongs to one group (its person), and a device tracks only the fences its
/// group sees. So a phone's cost per fix follows its own person's fences, not everyone's near it
/// (docs/geofence-engine.md, "Audiences"). Without audiences every device tracks every fence.
public struct FenceAudiences: Sendable {
    /// Per fence (by index), the groups that see it; empty: nobody.
    public var groupsOfFence: [[Int32]]
    /// The group of each device the caller knows by name.
    public var groupOfDevice: [String: Int32]
    /// The group of a device it does not know (and of the unnamed device).
    public var defaultGroup: Int32

    public init(groupsOfFence: [[Int32]], groupOfDevice: [String: Int32], defaultGroup: Int32) {
        self.groupsOfFence = groupsOfFence
        self.groupOfDevice = groupOfDevice
        self.defaultGroup = defaultGroup
    }

    func group(of device: String?) -> Int32 {
        device.flatMap { groupOfDevice[$0] } ?? defaultGroup
    }

    /// Whether `group` sees fence `fence`: a scan of a few groups (most alarms are for one person).
    @inline(__always)
    func sees(fence: Int32, group: Int32) -> Bool {
        groupsOfFence[Int(fence)].contains(group)
    }
}
