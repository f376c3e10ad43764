import GeoReminders
import Hummingbird

/// The request context: what the authentication middleware found.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The token the request carried (Basic password or Bearer), once checked.
    public var token: APIToken?
    /// The Basic user name, which OwnTracks sets to its user.
    public var basicUser: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
