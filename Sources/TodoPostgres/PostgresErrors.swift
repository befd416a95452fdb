import Foundation
import PostgresNIO
import TodoAccounts
import TodoCore

/// PostgreSQL's failures as `TodoStorageError` sentences a person can read: never SQL text,
/// never the server's own message (it may quote a value); the SQLSTATE code is enough to look
/// it up.
enum PostgresErrors {
    static func storageError(_ error: any Error, location: String) -> any Error {
        switch error {
        case is TodoStorageError, is TodoStoreError, is TodoValidationError, is TodoImportError, is AccountError:
            return error
        case let error as PSQLError:
            return storageError(error, location: location)
        case is CancellationError:
            return TodoStorageError(.unavailable, unreachable(location))
        default:
            // The pool's own failures (its circuit breaker open, shut down), connect errors.
            return TodoStorageError(.unavailable, unreachable(location))
        }
    }

    static func unreachable(_ location: String) -> String {
        "Can't reach the PostgreSQL database \(location); nothing was changed. Try again in a moment."
    }

    private static func storageError(_ error: PSQLError, location: String) -> TodoStorageError {
        guard error.code == .server, let state = error.serverInfo?[.sqlState] else {
            // Connection refused, closed or reset, the pool shut down, a query cancelled.
            return TodoStorageError(.unavailable, unreachable(location))
        }
        switch state {
        case _ where state.hasPrefix("23"):
            // The model checks every rule first; this is the schema's backstop (HARDEN-8).
            return TodoStorageError(.rejected, "The item breaks a rule of the database; nothing was changed.")
        case "57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "08004":
            return TodoStorageError(.unavailable, unreachable(location))
        case _ where state.hasPrefix("28"):
            return TodoStorageError(
                .unavailable, "The PostgreSQL database \(location) refused the user name or password; nothing was changed.")
        case "3D000":
            return TodoStorageError(.unavailable, "There is no PostgreSQL database \(location); nothing was changed.")
        case "53100":
            return TodoStorageError(.full, "The disk holding the PostgreSQL database \(location) is full; nothing was changed.")
        case "53300":
            return TodoStorageError(
                .busy, "The PostgreSQL database \(location) has too many connections; try again in a moment.")
        case "40001", "40P01", "55P03", "57014":
            return TodoStorageError(.busy, "The PostgreSQL database \(location) is busy; try again in a moment.")
        case "25006":
            return TodoStorageError(.readOnly, "The PostgreSQL database \(location) is read-only; nothing was changed.")
        case "42501":
            return TodoStorageError(
                .unavailable, "The PostgreSQL user may not use the database \(location) (permission denied); nothing was changed.")
        default:
            return TodoStorageError(
                .unavailable, "The PostgreSQL database \(location) failed (SQLSTATE \(state)); nothing was changed.")
        }
    }
}
