// libFuzzer target: {{variable}} substitution. The input's lines before the first blank line are `name=value`
// variables (a leading `!` marks a secret); the rest is the template. Built only by scripts/fuzz.sh.
import ExplorerCore
import Foundation
import ExplorerWorkspace

@_cdecl("LLVMFuzzerTestOneInput")
public func variableResolverFuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.components(separatedBy: "\n\n")
    var variables: [Variable] = []
    for line in (parts.count > 1 ? parts[0] : "").split(separator: "\n") {
        let halves = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let secret = line.hasPrefix("!")
        let name = String(halves[0].drop { $0 == "!" })
        variables.append(Variable(name: name, value: halves.count > 1 ? String(halves[1]) : "", secret: secret))
    }
    let template = parts.count > 1 ? parts.dropFirst().joined(separator: "\n\n") : text
    let half = variables.count / 2
    let resolver = VariableResolver(
        scopes: [VariableScope(origin: "overrides", variables: Array(variables[..<half])),
                 VariableScope(origin: "environment fuzz", variables: Array(variables[half...]))],
        environmentName: "fuzz", context: "request F/fuzz", processEnvironment: ["HOME": "/home/fuzz", "TOKEN": "t"])
    do {
        _ = try resolver.resolve(template)
    } catch {
        _ = error.description
    }
    let masker = SecretMasker(secrets: resolver.secretValues)
    _ = masker.mask(template)
    return 0
}

// SwiftPM links an executable target's entry point as `VariableResolverFuzz_main`; hand control to libFuzzer's driver from there.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("VariableResolverFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, variableResolverFuzz)
}
