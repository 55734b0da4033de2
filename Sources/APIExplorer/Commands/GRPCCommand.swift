import ArgumentParser

/// `apiexplorer grpc list|describe`: a gRPC server's services and methods, and the declaration of one of them.
struct GRPCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grpc",
        abstract: "List a gRPC server's services and methods, or describe one (from server reflection or a descriptor set).",
        discussion: """
            The schema comes from server reflection (grpc.reflection.v1, or v1alpha) unless --protoset FILE or --proto \
            FILE is given; a reflected schema is kept in the state directory's grpc folder for later calls. Send a call \
            with a request file (url: grpc://host:port and grpc: { method: package.Service/Method }) and \
            `apiexplorer send`; `apiexplorer import grpc URL` writes one request per method.

            Exit codes: 0 done; 1 the schema or the symbol cannot be found (the message says what exists); 2 the \
            connection or reflection failed; 64 usage error.
            """,
        subcommands: [GRPCListCommand.self, GRPCDescribeCommand.self]
    )
}
