import CGEOS

/// The GEOS library this process runs with, as it reports itself (`3.11.1-CAPI-1.17.1`).
public enum GEOSVersion {
    public static var text: String { String(cString: GEOSversion()) }
}
