// georemind-fuzz TARGET [libFuzzer options] [CORPUS...]: the parsers a stranger's bytes reach,
// under libFuzzer when built with `-sanitize=fuzzer` and `-DFUZZING` (`make fuzz`); otherwise a
// replay driver that runs a target over files (`make test` replays the seed corpora and every
// crash input kept under Fixtures/fuzz).
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("usage: georemind-fuzz TARGET [options] [corpus...]; targets: \(names)\n".utf8))
    exit(2)
}

#if FUZZING
    /// libFuzzer's entry point for a program with its own `main` (`-fsanitize=fuzzer` links it).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    nonisolated(unsafe) var selected: FuzzTarget?
    selected = target

    /// libFuzzer's per-input hook, which its driver also refers to by name.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
        try? selected!.run(bytes)
        return 0
    }
    // libFuzzer reads its own options; the target's name is not one of them. The seeds and kept
    // crashes follow the caller's corpus folder (libFuzzer writes new inputs to the first one).
    // libFuzzer takes folders only: a seed that is a file is copied into the caller's corpus folder.
    var seeds: [String] = []
    let corpusFolder = arguments.dropFirst(2).first { !$0.hasPrefix("-") }
    for seed in target.corpus {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: seed, isDirectory: &isFolder) else { continue }
        if isFolder.boolValue {
            seeds.append(seed)
        } else if let corpusFolder {
            let copy = URL(fileURLWithPath: corpusFolder).appendingPathComponent(URL(fileURLWithPath: seed).lastPathComponent)
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.copyItem(at: URL(fileURLWithPath: seed), to: copy)
        }
    }
    var forwarded = [arguments[0]] + arguments.dropFirst(2) + seeds
    var argc = Int32(forwarded.count)
    var cStrings = forwarded.map { strdup($0) } + [nil]
    var argv = cStrings.withUnsafeMutableBufferPointer { $0.baseAddress }
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
#else
    var ran = 0
    // No paths: the target's seeds and kept crashes.
    for path in arguments.count > 2 ? Array(arguments.dropFirst(2)) : target.corpus {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
        let files =
            isFolder.boolValue
            ? (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String }.map { path + "/" + $0 } ?? [])
            : [path]
        for file in files.sorted() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: file)
            else { continue }
            try? target.run(data)
            ran += 1
        }
    }
    print("\(target.name): \(ran) inputs replayed, no crash")
#endif
