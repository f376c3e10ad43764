import Foundation
import GeoReminders
import HTTPTypes
import Hummingbird

/// An API request's failure as an HTTP status and a one-line `{"error": "..."}`: the library's
/// typed errors mapped once, so every route answers the same failure the same way. It renders
/// itself (Hummingbird's `HTTPResponseError`), so a route may answer with it or throw it.
struct APIError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String

    static let unauthenticated = APIError(status: .unauthorized, message: "a valid token is required")

    static func forbidden(_ needed: TokenScope) -> APIError {
        APIError(status: .forbidden, message: "this token's scope does not allow this; it needs a '\(needed.rawValue)' token")
    }

    /// The status for an error of any layer: a value that does not read is 422, a reminder that is
    /// not there 404, a read-only list 409, a database that cannot be reached 503; anything else is
    /// the server's fault (500).
    init(_ error: any Error) {
        switch error {
        case let error as APIError:
            self = error
        case let error as RequestError:
            switch error {
            case .unknownList, .unknownPlace: self.init(status: .unprocessableContent, message: error.description)
            default: self.init(status: .unprocessableContent, message: error.message(spelling: .field))
            }
        case let error as StoreError:
            switch error {
            case .reminderNotFound, .noReminderMatches, .unknownList, .alarmNotFound:
                self.init(status: .notFound, message: error.description)
            case .ambiguousPrefix, .readOnlyList, .duplicateListTitle, .cannotRemoveDefaultList:
                self.init(status: .conflict, message: error.description)
            case .unreadableReminder:
                self.init(status: .conflict, message: error.description)
            default:
                self.init(status: .internalServerError, message: error.description)
            }
        case let error as any StoreEngineError:
            switch error.failure {
            case .unavailable: self.init(status: .serviceUnavailable, message: error.description)
            case .conflict: self.init(status: .conflict, message: error.description)
            case .fault: self.init(status: .internalServerError, message: error.description)
            }
        case let error as WebhookError:
            switch error {
            case .channelNotFound, .endpointNotFound, .eventNotFound: self.init(status: .notFound, message: error.description)
            case .channelNameTaken: self.init(status: .conflict, message: error.description)
            default: self.init(status: .unprocessableContent, message: error.description)
            }
        case let error as PeopleError:
            switch error {
            case .notPermitted: self.init(status: .forbidden, message: error.description)
            case .unknownAccount, .notAMember: self.init(status: .notFound, message: error.description)
            case .duplicateAccount, .lastAdmin, .ownerCannotLeave, .titleTaken:
                self.init(status: .conflict, message: error.description)
            case .badAccountName, .disabledAccount: self.init(status: .unprocessableContent, message: error.description)
            }
        case let error as ReminderError:
            self.init(status: .unprocessableContent, message: error.description)
        case let error as CredentialError:
            switch error {
            case .unknownToken, .unknownDevice: self.init(status: .notFound, message: error.description)
            case .duplicateTokenName, .duplicateDevice, .duplicateDeviceID: self.init(status: .conflict, message: error.description)
            case .badName: self.init(status: .unprocessableContent, message: error.description)
            }
        case let error as ActionLinkError:
            switch error {
            case .malformed: self.init(status: .badRequest, message: error.description)
            case .badSignature: self.init(status: .forbidden, message: error.description)
            case .expired, .alreadyUsed, .reminderGone: self.init(status: .gone, message: error.description)
            }
        case let error as DecodingError:
            self.init(status: .badRequest, message: Self.describe(error))
        default:
            self.init(status: .internalServerError, message: "\(error)")
        }
    }

    init(status: HTTPResponse.Status, message: String) {
        self.status = status
        self.message = message
    }

    /// The failure as it is answered: its status and `{"error": message}`.
    var response: Response {
        GeoServer.json(status, GeoServer.errorJSON(message))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// A JSON body that does not decode, in one line naming the field.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return names.isEmpty ? "the body" : "field '\(names.joined(separator: "."))'"
        }
        switch error {
        case let .typeMismatch(type, context): return "\(path(context)): expected \(type)"
        case let .valueNotFound(type, context): return "\(path(context)): expected \(type), found null"
        case let .keyNotFound(key, _): return "field '\(key.stringValue)' is required"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "the body is not JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "the body does not decode"
        }
    }
}
