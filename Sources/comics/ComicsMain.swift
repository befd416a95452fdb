import ComicsCLI
import Foundation
import Logging

/// The composition root: logging to standard error, then the `comics` commands.
@main
struct ComicsMain {
    static func main() async {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
            return handler
        }
        await ComicsCommand.main()
    }
}
