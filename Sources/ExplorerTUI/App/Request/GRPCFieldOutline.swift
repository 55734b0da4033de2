/// One field of a gRPC message as completion needs it: its JSON name, and the message its value is an object of.
public struct GRPCFieldOutline: Sendable, Equatable {
    /// The field's name in proto3 JSON (`priceCents`).
    public var name: String
    /// The message type of the object its value is (or of each item, or each map value); nil for scalars and for the
    /// well-known types written as strings, numbers or free JSON.
    public var message: String?
    /// A repeated field: its value is an array.
    public var isList: Bool
    /// A map field: its value is an object whose keys are free and whose values are `message` objects (or scalars).
    public var isMap: Bool

    /// A field.
    public init(name: String, message: String?, isList: Bool = false, isMap: Bool = false) {
        self.name = name
        self.message = message
        self.isList = isList
        self.isMap = isMap
    }
}
