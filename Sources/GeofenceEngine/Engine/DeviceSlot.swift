/// Where an engine keeps a device, as the fixes of one batch name it: looked up by name at the
/// batch's first fix of the device, then reused for the rest, instead of hashing the name at every
/// fix of an interleaved stream (``GeofenceEngine/feed(_:slot:_:)``).
///
/// Valid for one engine while it only takes fixes (restoring a snapshot renumbers devices). The
/// fixes fed through one slot must name one device; several slots may name the same device.
public struct DeviceSlot: Sendable {
    /// The device's index in the engine; −1 while the engine has no such device (looked up again).
    var index: Int32 = -1

    public init() {}
}
