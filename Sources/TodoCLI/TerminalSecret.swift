import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one line from the terminal with echo off (a password), writing the prompt to standard
/// error so that standard output stays for results.
enum TerminalSecret {
    static func read(prompt: String) -> String? {
        CLIContext.write(prompt, to: .standardError)
        var original = termios()
        let canHide = tcgetattr(STDIN_FILENO, &original) == 0
        if canHide {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if canHide { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
            CLIContext.write("\n", to: .standardError)
        }
        return readLine(strippingNewline: true)
    }
}
