import Foundation

/// The built `todo` executable, for tests that run it as a separate process: `TODO_BIN` when
/// set, else the one in the build folder the tests run from.
public enum BuiltTodo {
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["TODO_BIN"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("todo")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/todo")
    }
}
