import Foundation

#if FUZZING
    /// libFuzzer's own driver (`libclang_rt.fuzzer_no_main`): it reads its options from
    /// `argv` and calls `callback` with each input it makes.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

/// `TodoFuzz TARGET …` (HARDEN-13; `TodoFuzz list` names the targets). Built by `scripts/fuzz`
/// with libFuzzer (`-D FUZZING`), it fuzzes TARGET, the rest of the arguments being libFuzzer's
/// (corpus folders, `-max_total_time=N`…). In the ordinary build it replays each file given (or
/// each file of each folder given) through TARGET: a crash found stays a regression test.
@main
enum TodoFuzz {
    /// The target libFuzzer's callback runs: a C function can hold no context of its own.
    nonisolated(unsafe) static var chosen: @Sendable ([UInt8]) -> Void = { _ in }

    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { fail("Usage: TodoFuzz TARGET [FILE|FOLDER…]; TodoFuzz list names the targets.") }
        if arguments[1] == "list" {
            for (name, _) in FuzzTargets.all { print(name) }
            return
        }
        guard let target = FuzzTargets.named(arguments[1]) else {
            fail("There is no fuzz target “\(arguments[1])”; TodoFuzz list names them.")
        }
        #if FUZZING
            chosen = target
            // libFuzzer reads the arguments after the target's name.
            var argv = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
            var argc = CInt(argv.count - 1)
            let status = argv.withUnsafeMutableBufferPointer { buffer in
                var start = buffer.baseAddress!
                return LLVMFuzzerRunDriver(&argc, &start) { data, size in
                    TodoFuzz.chosen(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                }
            }
            exit(status)
        #else
            let files = arguments.dropFirst(2).flatMap(Self.files(in:))
            for file in files {
                guard let bytes = FileManager.default.contents(atPath: file) else { fail("Can't read \(file).") }
                target(Array(bytes))
            }
            print("\(arguments[1]): \(files.count) inputs replayed, none stopped the program.")
        #endif
    }

    /// `path` itself, or the files in it when it is a folder, by name.
    static func files(in path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }
}
