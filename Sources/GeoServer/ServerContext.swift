import GeoReminders
import Hummingbird

/// The request context: what the authentication middleware found.
package struct ServerContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The token the request carried (Basic password or Bearer), once checked.
    package var token: APIToken?
    /// The Basic user name, which OwnTracks sets to its user.
    package var basicUser: String?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
