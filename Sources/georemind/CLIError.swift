import ArgumentParser
import CivilTime
import Foundation
import GeoReminders
import GeoServer
import GeofenceEngine
import LiveEvaluation
import MapData
import ServerAssembly
import SharedStore
import TraceFormats

/// Failures of the command line itself, and the one place every error becomes a line on stderr
/// and an exit status.
///
/// Exit statuses: 64 for usage and option values (sysexits' EX_USAGE, as ArgumentParser uses),
/// 65 for malformed input files (EX_DATAERR), 1 for everything else (store, files, lookups).
enum CLIError: Error, Sendable, CustomStringConvertible {
    case unknownPlace(name: String)
    case unknownList(name: String)
    case duplicateList(name: String)
    case noMapData(bundledPath: String)
    case cannotCreateFolder(path: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// An option's value did not read; `message` is the library's reason.
    case badValue(option: String, message: String)
    /// A PostgreSQL store where only a store file will do (`migrate --from`).
    case storeFileRequired(address: String)
    /// Account management by an account that is no admin.
    case adminOnly(account: String)

    var description: String {
        switch self {
        case let .unknownPlace(name):
            "unknown place '\(name)'; `georemind places` lists the places"
        case let .unknownList(name):
            "no list is named '\(name)'; `georemind lists` shows them, `georemind lists add` creates one"
        case let .duplicateList(name):
            "a list named '\(name)' already exists"
        case let .noMapData(bundledPath):
            "no places file: \(bundledPath) is gone; pass --map-data FILE or set GEOREMIND_MAP_DATA"
        case let .cannotCreateFolder(path):
            "cannot create the store's folder \(path)"
        case let .cannotRead(path, reason):
            "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        case let .badValue(option, message):
            "\(option): \(message)"
        case let .storeFileRequired(address):
            "\(address) is a PostgreSQL store; this needs a SQLite store file"
        case let .adminOnly(account):
            "'\(account)' is not an admin; act as an admin account with --account NAME"
        }
    }

    /// Runs `read`, naming `option` in any error it throws: `--due: '2026-13-01' has an invalid month`.
    static func reading<T>(_ option: String, _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.badValue(option: option, message: describe(error).0)
        }
    }

    /// Prints `error: MESSAGE` on one line of stderr and exits with the error's status.
    static func exit(with error: any Error) -> Never {
        let (message, status) = describe(error)
        let line = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
        FileHandle.standardError.write(Data("error: \(line)\n".utf8))
        Foundation.exit(status)
    }

    /// The message and exit status for an error of any layer.
    static func describe(_ error: any Error) -> (String, Int32) {
        switch error {
        case let error as CLIError:
            switch error {
            case .unknownPlace, .unknownList, .duplicateList, .badValue, .storeFileRequired: return (error.description, 64)
            default: return (error.description, 1)
            }
        case let error as DateInputError: return (error.description, 64)
        case let error as LengthError: return (error.description, 64)
        case let error as TimeSpanError: return (error.description, 64)
        case let error as SpeedError: return (error.description, 64)
        case let error as RecurrenceRuleError: return (error.description, 64)
        case let error as ReminderError: return (error.description, 64)
        case let error as StoreError: return (error.description, 1)
        case let error as MapDataError: return (error.description, 65)
        case let error as TraceError: return (error.description, 65)
        case let error as ICalendarImportError: return (error.description, 65)
        case let error as TripPlanError: return (error.description, 64)
        case let error as GPXWriteError: return (error.description, 1)
        case let error as EvaluationError: return (error.description, 1)
        case let error as WebhookError:
            switch error {
            case .badEventFilter, .badURL, .badSecret, .badChannelTarget, .badChannelName: return (error.description, 64)
            case .endpointNotFound, .eventNotFound, .channelNotFound, .channelNameTaken: return (error.description, 1)
            }
        case let error as CredentialError: return (error.description, 64)
        case let error as PeopleError:
            if case .badAccountName = error { return (error.description, 64) }
            return (error.description, 1)
        case let error as LiveEvaluationError: return (error.description, 1)
        case let error as ServerStartError: return (error.description, 1)
        case let error as SharedStoreError:
            if case .badAddress = error { return (error.description, 64) }
            return (error.description, 1)
        case let error as RequestError:
            switch error {
            case let .unknownList(name): return (CLIError.unknownList(name: name).description, 64)
            case let .unknownPlace(name): return (CLIError.unknownPlace(name: name).description, 64)
            default: return (error.message(spelling: .option), 64)
            }
        case let error as ExitCode: return ("exit status \(error.rawValue)", error.rawValue)
        default:
            let message = Georemind.message(for: error)
            let status = Georemind.exitCode(for: error).rawValue
            return (message.isEmpty ? "\(error)" : message, status == 0 ? 1 : status)
        }
    }
}
